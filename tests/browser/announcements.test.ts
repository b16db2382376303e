// What a screen reader hears and where focus goes (accessibility audit): a search's settled count
// reaches a polite live region once, after the crisis alert on a danger search; "Keep it" and
// Escape return focus to the button that asked; the change feed's headings step one level at a
// time; the quick exit's hint sits in no stray region yet still describes the button. And two
// wording slips: the compare page's error names no address parameter, and French puts a no-break
// space before a label's colon. Both languages, against the real server with the demo data.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { waitForArchiveDemo } from "./helpers/archive-demo";
import { ruleViolations } from "./helpers/axe";
import { PHONE } from "./helpers/browser";

const SLOW = { timeout: 20_000 };
let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, archiveDemo: true, serviceWorker: false });
  await waitForArchiveDemo(app);
});
afterAll(async () => {
  await app?.close();
});

type Lang = "en" | "fr";
const localeOf = (lang: Lang) => (lang === "fr" ? "fr-CA" : "en-CA");

/**
 * A page that records, in order, the text added inside live regions (aria-live, role status,
 * alert or log) as "role: text": what a screen reader would be handed.
 */
async function listeningPage(lang: Lang): Promise<Page> {
  const page = await app.newPage({ viewport: PHONE, locale: localeOf(lang) });
  await page.context().addInitScript(() => {
    const w = window as unknown as { heard: string[] };
    w.heard = [];
    const regionOf = (n: Node): Element | null => {
      for (let e = n.nodeType === 1 ? (n as Element) : n.parentElement; e; e = e.parentElement) {
        const live = e.getAttribute("aria-live");
        if (live === "off") return null;
        if (live || ["status", "alert", "log"].includes(e.getAttribute("role") ?? "")) return e;
      }
      return null;
    };
    new MutationObserver((records) => {
      for (const r of records) {
        const nodes = r.type === "characterData" ? [r.target] : [...r.addedNodes];
        for (const n of nodes) {
          const region = regionOf(n);
          const text = (n.textContent ?? "").trim();
          if (region && text) w.heard.push(`${region.getAttribute("role") ?? "live"}: ${text}`);
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return page;
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
/** What was said politely that matches `pattern` (the counts), in order. */
const said = async (page: Page, pattern: RegExp) =>
  (await heard(page)).filter((h) => h.startsWith("status: ") && pattern.test(h)).map((h) => h.slice(8));

const COUNT = /results? for|résultats? pour/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("search results are announced", () => {
  for (const [lang, words] of [
    ["en", "food bank"],
    ["fr", "nourriture"],
  ] as const)
    it(`the directory's settled count, once, not at each letter typed (${lang})`, async () => {
      const page = await listeningPage(lang);
      await page.goto("/search");
      const box = page.locator("#directory-q");
      await box.waitFor(SLOW);
      // Slowly enough that results follow the typing (shown for the words typed so far).
      await box.pressSequentially(words, { delay: 150 });
      const heading = page.getByTestId("results-heading");
      await expect.poll(() => heading.textContent(), SLOW).toContain(words);
      await expect.poll(() => said(page, COUNT), SLOW).toEqual([(await heading.textContent())?.trim()]);
      await box.press("Enter");
      await page.waitForURL(/q=/);
      await sleep(1500);
      // Focus stays in the box, and the count is not said again.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("directory-q");
      expect(await said(page, COUNT)).toHaveLength(1);
    });

  it("a search with no exact match says so with its count (en, fr)", async () => {
    for (const lang of ["en", "fr"] as const) {
      const page = await listeningPage(lang);
      await page.goto("/search?q=zzqxw");
      const nothing = lang === "en" ? "Nothing matched exactly." : "Rien ne correspond exactement.";
      await expect.poll(() => said(page, COUNT), SLOW).toHaveLength(1);
      expect((await said(page, COUNT))[0]).toContain(nothing);
      expect((await said(page, COUNT))[0]).toContain(
        (await page.getByTestId("results-heading").textContent())?.trim(),
      );
      await page.context().close();
    }
  });

  it("a danger search: the crisis alert comes first, the count after it, politely", async () => {
    const page = await listeningPage("en");
    await page.goto("/search");
    await page.locator("#directory-q").waitFor(SLOW);
    await page.locator("#directory-q").pressSequentially("suicide", { delay: 60 });
    await expect.poll(() => said(page, COUNT), SLOW).toHaveLength(1);
    const all = await heard(page);
    const alert = all.findIndex((h) => h.startsWith("alert: ") && /danger/.test(h));
    const count = all.findIndex((h) => h.startsWith("status: ") && COUNT.test(h));
    expect(alert).toBeGreaterThanOrEqual(0);
    expect(alert).toBeLessThan(count);
  });

  for (const [lang, words] of [
    ["en", "health"],
    ["fr", "santé"],
  ] as const)
    it(`the archive's count after a search, and after one that finds nothing (${lang})`, async () => {
      const page = await listeningPage(lang);
      await page.goto("/archive");
      const box = page.locator("#archive-q");
      await box.waitFor(SLOW);
      await box.fill(words);
      await box.press("Enter");
      const total = page.getByTestId("archive-total");
      await total.waitFor(SLOW);
      await expect.poll(() => said(page, COUNT), SLOW).toEqual([(await total.textContent())?.trim()]);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("archive-q");
      await box.fill("zzqxw");
      await box.press("Enter");
      await expect.poll(() => total.textContent(), SLOW).toContain("zzqxw");
      await expect
        .poll(async () => (await said(page, COUNT)).at(-1), SLOW)
        .toBe((await total.textContent())?.trim());
    });
});

describe("a question asked twice", () => {
  for (const lang of ["en", "fr"] as const)
    it(`"Keep it" and Escape give focus back to the button that asked (${lang})`, async () => {
      const page = await app.newPage({ viewport: PHONE, locale: localeOf(lang) });
      await page.goto("/settings");
      const name = lang === "en" ? "Remove saved information" : "Effacer les informations enregistrées";
      const start = page.getByRole("button", { name, exact: true });
      const focused = () =>
        page.evaluate(() =>
          document.activeElement === document.body ? "BODY" : document.activeElement?.textContent,
        );
      const question = page.locator("#clear-heading ~ p[role=alert]");
      await start.focus();
      await page.keyboard.press("Enter");
      expect(await focused()).toBe(lang === "en" ? "Yes, remove it" : "Oui, effacer");
      await page.keyboard.press("Escape");
      await expect.poll(() => question.count()).toBe(0);
      expect(await focused()).toBe(name);
      await page.keyboard.press("Enter");
      await expect.poll(() => question.count()).toBe(1);
      await page.keyboard.press("Tab");
      expect(await focused()).toBe(lang === "en" ? "Keep it" : "Conserver");
      await page.keyboard.press("Enter");
      await expect.poll(() => question.count()).toBe(0);
      expect(await focused()).toBe(name);
    });
});

describe("heading order", () => {
  it("the change feed's cards sit under a second-level heading", async () => {
    for (const lang of ["en", "fr"] as const) {
      const page = await app.newPage({ viewport: PHONE, locale: localeOf(lang) });
      await page.goto("/archive/changes");
      await page.locator(".archive-change").first().waitFor(SLOW);
      const levels = await page
        .locator("main :is(h1, h2, h3, h4, h5, h6)")
        .evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));
      const jumps = levels.filter((level, i) => i > 0 && level > levels[i - 1] + 1);
      expect(jumps).toEqual([]);
      expect(await ruleViolations(page, ["heading-order"])).toEqual([]);
      await page.context().close();
    }
  });
});

describe("wording", () => {
  it("the compare page's error names no parameter of the address (en, fr)", async () => {
    for (const lang of ["en", "fr"] as const) {
      const page = await app.newPage({ viewport: PHONE, locale: localeOf(lang) });
      await page.goto("/archive/compare?from=1&to=abc");
      const alert = page.locator("main [role=alert]").first();
      await alert.waitFor(SLOW);
      const text = (await alert.textContent()) ?? "";
      expect(text).toMatch(/capture/);
      expect(text).not.toMatch(/\bfrom\b|\bto\)|\(to\b/);
      if (lang === "fr") expect(text).not.toMatch(/\bto\b/);
      await page.context().close();
    }
  });

  it("French puts a no-break space before a label's colon: a result's phone, the saved copies", async () => {
    const page = await app.newPage({ viewport: PHONE, locale: "fr-CA", serviceWorker: true });
    await page.goto("/search?q=nourriture");
    const phone = page.locator(".results li", { hasText: "Téléphone" }).first();
    await phone.waitFor(SLOW);
    const text = (await phone.textContent()) ?? "";
    expect(text).toMatch(/Téléphone\u00a0: \S/);
    expect(text).not.toMatch(/Téléphone: /);
    // "Pages de l’application" is the app's own copy, which the service worker keeps.
    await waitForServiceWorkerControl(page);
    await page.goto("/settings");
    const shell = page.locator("li", { hasText: "Pages de l’application" });
    await shell.waitFor(SLOW);
    expect(await shell.textContent()).toMatch(/^Pages de l’application\u00a0: \d/);
  });

  it("English keeps its colon right after the label", async () => {
    const page = await app.newPage({ viewport: PHONE, locale: "en-CA" });
    await page.goto("/search?q=food");
    const phone = page.locator(".results li", { hasText: "Phone" }).first();
    await phone.waitFor(SLOW);
    expect(await phone.textContent()).toMatch(/Phone: \S/);
  });
});

describe("landmarks", () => {
  /** The quick exit's description, as the accessibility tree gives it to a screen reader. */
  async function exitDescription(page: Page): Promise<string | undefined> {
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: Array<{ role?: { value: string }; name?: { value: string }; description?: { value: string } }>;
    };
    await cdp.detach();
    const exit = nodes.find(
      (n) => n.role?.value === "button" && /Exit this page|Quitter/.test(n.name?.value ?? ""),
    );
    return exit?.description?.value;
  }

  it("nothing sits outside a landmark, and the quick exit still describes itself (en, fr)", async () => {
    for (const lang of ["en", "fr"] as const) {
      const page = await app.newPage({ viewport: PHONE, locale: localeOf(lang) });
      for (const path of ["/", "/search?q=food", "/settings", "/archive", "/waits"]) {
        await page.goto(path);
        await page.locator("main h1").waitFor(SLOW);
        expect(await ruleViolations(page, ["region"]), `${lang} ${path}`).toEqual([]);
      }
      expect(await exitDescription(page)).toMatch(
        lang === "en" ? /^Leaves this site at once/ : /^Quitte ce site/,
      );
      await page.context().close();
    }
  });
});
