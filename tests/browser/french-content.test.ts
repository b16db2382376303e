// French all the way: a French service page shows the French we hold and marks what exists only in
// English with lang="en"; the archive's change feed and sources, and the operator page's severity
// reasons come in French from the server; a French page links the French manifest. EN/FR at phone
// and desktop sizes, axe and screenshots.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "../../server/db/store";
import { addUser } from "../../server/directory/accounts/users";
import { directoryModule } from "../../server/directory/index";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { copyArchiveDemoTemplate } from "../helpers/demo-template";
import { type FakeUpstream, startFakeUpstream } from "../helpers/directory/fake-upstream";
import { type BrowserApp, startBrowserApp, tabPerLanguage } from "./helpers/app";
import { getJson, waitForArchiveDemo } from "./helpers/archive-demo";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { saveScreenshot } from "./helpers/screenshots";
import { signInToOperatorPage } from "./helpers/sign-in";

const EMAIL = "french-ops@example.org";
const PASSWORD = "a-long-operator-passphrase";
const SERVICE = "kingston-interval-house";
const SIZES = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;
let app: BrowserApp;
let dataDir: string;
let upstream: FakeUpstream;

beforeAll(async () => {
  // The run's demo data with the archive's demo crawls done, an admin written to the directory's
  // store before the server opens it, and an AI provider (a real local HTTP server) that fails, so
  // the AI breaker opens and a severity is implied.
  dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-french-"));
  await copyArchiveDemoTemplate(dataDir);
  const quiet = { info() {}, warn() {}, error() {}, debug() {} };
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet as never,
  });
  await addUser(directoryRepository({ store }), { email: EMAIL, password: PASSWORD, role: "admin" });
  await store.close();
  upstream = await startFakeUpstream();
  upstream.mode = "fail";
  app = await startBrowserApp({
    demo: true,
    archiveDemo: true,
    dataDir,
    env: { AI_BASE_URL: upstream.url, AI_BREAKER_RESET_MS: "600000" },
    serviceWorker: false,
  });
  await waitForArchiveDemo(app);
});
afterAll(async () => {
  await app?.close();
  await upstream?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Service {
  name: { en: string; fr: string };
  eligibility: string;
  documentsRequired: string;
  applicationProcess: { en: string; fr: string };
  phones: Array<{ label: string | null }>;
}
const langOf = (page: Page, selector: string) => page.locator(selector).first().getAttribute("lang");
const fact = (page: Page, label: string) =>
  page
    .locator(".fact")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd");

/** A test's tab per language, serving both sizes (the test loads its page again); closed when it ends. */
const tabsForBothSizes = (hooks: Parameters<typeof tabPerLanguage>[1] = {}) =>
  tabPerLanguage(() => app, { ...hooks, uses: SIZES.length });

describe("a service page", () => {
  it("in French shows our French and marks English-only content with lang=en", async () => {
    const service = (await getJson<{ data: Service }>(app, `/api/v1/services/${SERVICE}`)).data;
    const tabAt = tabsForBothSizes();
    for (const [size, viewport] of SIZES) {
      const page = await tabAt("fr-CA", viewport);
      await page.goto(`/services/${SERVICE}`);
      await expect.poll(() => page.locator("h1").textContent()).toBe(service.name.fr);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
      expect(await langOf(page, "h1")).toBeNull();
      // Held only in English: eligibility, documents, the phone's own label.
      expect(await fact(page, "Qui peut s’en servir").getAttribute("lang")).toBe("en");
      expect(await fact(page, "Qui peut s’en servir").textContent()).toBe(service.eligibility);
      expect(await fact(page, "Documents à apporter").getAttribute("lang")).toBe("en");
      const label = service.phones.find((p) => p.label)?.label as string;
      // On screen once (the print slip, hidden on screen, marks it too).
      expect(await page.locator("main span[lang=en]:visible", { hasText: label }).count()).toBe(1);
      // Held in French: the application process; "Free." is said in French.
      expect(await fact(page, "Comment faire une demande").textContent()).toBe(service.applicationProcess.fr);
      expect(await fact(page, "Comment faire une demande").getAttribute("lang")).toBeNull();
      expect(await fact(page, "Coût").textContent()).toBe("Gratuit");
      expect(await fact(page, "Coût").getAttribute("lang")).toBeNull();
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `french-service-${size}-fr`);

      const en = await tabAt("en-CA", viewport);
      await en.goto(`/services/${SERVICE}`);
      await expect.poll(() => en.locator("h1").textContent()).toBe(service.name.en);
      // Everything is in the page's own language: nothing to mark.
      expect(await en.locator("main [lang]").count()).toBe(0);
      expect(await seriousViolations(en)).toEqual([]);
      await saveScreenshot(en, `french-service-${size}-en`);
    }
  });

  it("in French says a plain None for the documents to bring in French", async () => {
    const plain = "ontario-211-ontario";
    const service = (await getJson<{ data: Service }>(app, `/api/v1/services/${plain}`)).data;
    expect(service.documentsRequired).toBe("None");
    const page = await app.newPage({ locale: "fr-CA" });
    await page.goto(`/services/${plain}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(service.name.fr);
    expect(await fact(page, "Documents à apporter").textContent()).toBe("Aucun");
    expect(await fact(page, "Documents à apporter").getAttribute("lang")).toBeNull();
  });

  it("in French marks a phone's English label on the result card", async () => {
    const page = await app.newPage({ locale: "fr-CA" });
    await page.goto("/search?q=interval");
    const card = page.locator("li.card.service", { has: page.locator(`a[href="/services/${SERVICE}"]`) });
    await card.waitFor();
    // The organization's English name is marked too (OfferedBy); the phone's label is one of them.
    expect(await card.locator("span[lang=en]", { hasText: "Crisis Line" }).count()).toBe(1);
    expect(await card.locator("h3 a").getAttribute("lang")).toBeNull();
  });
});

interface Change {
  type: string;
  url: string;
  summary: string;
  title: string | null;
  pageLanguage: string | null;
}

describe("the archive in French", () => {
  it("shows the change feed's summaries in French, marking English page titles", async () => {
    const feed = await getJson<{ changes: Change[] }>(app, "/api/changes?pageSize=20&lang=fr");
    const tabAt = tabsForBothSizes();
    for (const [size, viewport] of SIZES) {
      const page = await tabAt("fr-CA", viewport);
      await page.goto("/archive/changes");
      await page.locator("li.archive-change").first().waitFor();
      const cards = page.locator("li.archive-change");
      expect(await cards.count()).toBe(feed.changes.length);
      for (let i = 0; i < feed.changes.length; i++) {
        const change = feed.changes[i];
        const card = cards.nth(i);
        const summary = card.locator(".archive-change-summary");
        if (change.type === "new_page") expect(await summary.count()).toBe(0);
        else expect(await summary.textContent()).toBe(change.summary);
        const titleLang = await card.locator("h3").getAttribute("lang");
        expect(titleLang).toBe(change.title && change.pageLanguage === "en" ? "en" : null);
      }
      expect(feed.changes.some((c) => c.pageLanguage === "en" && c.title)).toBe(true);
      expect(await page.locator("li.archive-change .archive-change-summary[lang]").count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `french-changes-${size}-fr`);

      const en = await tabAt("en-CA", viewport);
      await en.goto("/archive/changes");
      await en.locator("li.archive-change").first().waitFor();
      expect(await en.locator("li.archive-change").first().textContent()).toMatch(
        /New page|lines? added|Page no longer found|Only dates/,
      );
      expect(await seriousViolations(en)).toEqual([]);
      await saveScreenshot(en, `french-changes-${size}-en`);
    }
  });

  it("names and describes the sources in French", async () => {
    const page = await app.newPage({ locale: "fr-CA" });
    await page.goto("/archive");
    const card = page.locator("li.source", { hasText: "Agence de démonstration en santé communautaire" });
    await card.waitFor();
    expect(await card.locator("h3").getAttribute("lang")).toBeNull();
    expect(await card.textContent()).toContain("Un exemple de site Web de santé publique");

    // Search results and a capture's page name the source in French and mark English pages.
    await page.goto("/archive?q=measles");
    const hit = page.locator("li.archive-hit", { has: page.locator("h3[lang=en]") }).first();
    await hit.waitFor();
    expect(await hit.textContent()).toContain("Agence de démonstration en santé communautaire");
    expect(await hit.locator("p.snippet").getAttribute("lang")).toBe("en");
    await hit.locator("h3 a").click();
    await page.locator("article.archive-snapshot h1[lang=en]").waitFor();
    const facts = await page.locator(".archive-facts").first().textContent();
    expect(facts).toContain("Agence de démonstration en santé communautaire");
    expect(facts).toContain("Anglais");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** A test's signed-in tab per language: signed in through the form on first use, else loaded again. */
const signedInTabs = () =>
  tabsForBothSizes({
    async prepare(page) {
      await signInToOperatorPage(page, EMAIL, PASSWORD);
    },
    reuse: (page) => page.goto("/admin/observability"),
  });

async function signedIn(
  tabAt: ReturnType<typeof signedInTabs>,
  viewport: { width: number; height: number },
  locale: string,
): Promise<Page> {
  const page = await tabAt(locale, viewport);
  await page.locator("[data-testid=overall]").waitFor();
  return page;
}

describe("the operator page", () => {
  // Failures of the AI provider open its breaker: an SEV-3 is implied. Each test fails it itself,
  // so the French and English checks stand alone; both in one test took 37 s in a clean-clone run
  // on a slow, busy machine.
  const openAiBreaker = async () => {
    for (let i = 0; i < 4; i++) {
      await fetch(`${app.baseUrl}/api/v1/ai/interpret`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: "rent" }),
      });
    }
  };

  it("in French shows the severity reasons and checks in French", async () => {
    await openAiBreaker();
    const tabAt = signedInTabs();
    for (const [size, viewport] of SIZES) {
      const page = await signedIn(tabAt, viewport, "fr-CA");
      const reasons = page.locator("[data-testid=implied-reasons]");
      await reasons.waitFor();
      expect(await reasons.getAttribute("lang")).toBeNull();
      expect(await reasons.locator("li").allTextContents()).toContain("disjoncteur ai OUVERT");
      expect(await page.locator("[data-testid=overall]").textContent()).not.toMatch(/breaker|above/);
      const checks = page.locator("#checks-heading + .table-scroll tbody tr");
      expect(await checks.nth(2).locator("td").nth(1).textContent()).toBe("ai OUVERT");
      // The automatic incident keeps the English title it was opened with, marked as such.
      const auto = page.locator("li.incident h4 span[lang=en]", { hasText: "Directory thresholds breached" });
      await auto.first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `french-operator-${size}-fr`);
    }
  });

  it("in English shows the same reasons in English", async () => {
    await openAiBreaker();
    const tabAt = signedInTabs();
    for (const [size, viewport] of SIZES) {
      const en = await signedIn(tabAt, viewport, "en-CA");
      await en.locator("[data-testid=implied-reasons]").waitFor();
      expect(await en.locator("[data-testid=implied-reasons] li").allTextContents()).toContain(
        "breaker ai OPEN",
      );
      expect(await seriousViolations(en)).toEqual([]);
      await saveScreenshot(en, `french-operator-${size}-en`);
    }
  });
});

describe("the web app manifest", () => {
  it("a French page links the French manifest, and switching language switches it", async () => {
    const page = await app.newPage({ locale: "fr-CA" });
    await page.goto("/");
    const href = () => page.locator('link[rel="manifest"]').getAttribute("href");
    await expect.poll(href).toBe("/manifest.fr.webmanifest");
    const served = await (await fetch(new URL("/manifest.fr.webmanifest", app.baseUrl))).json();
    expect(served).toMatchObject({
      name: "Santé communautaire Canada",
      lang: "fr-CA",
      id: "/",
      start_url: "/",
    });
    expect(served.short_name.length).toBeLessThanOrEqual(12);
    const english = await (await fetch(new URL("/manifest.webmanifest", app.baseUrl))).json();
    expect(served.icons).toEqual(english.icons);

    // What Chromium reads for this page: the French manifest, without errors.
    const cdp = await page.context().newCDPSession(page);
    const parsed = await cdp.send("Page.getAppManifest");
    expect(parsed.url).toBe(`${app.baseUrl}/manifest.fr.webmanifest`);
    expect(parsed.errors).toEqual([]);
    expect(JSON.parse(parsed.data ?? "{}").name).toBe("Santé communautaire Canada");

    await page.getByRole("button", { name: "English" }).click();
    await expect.poll(href).toBe("/manifest.webmanifest");
    const again = await cdp.send("Page.getAppManifest");
    expect(JSON.parse(again.data ?? "{}").name).toBe("Community Health Canada");
  });
});
