// What the next person can find after a kiosk starts over: nothing of the last visit through Back
// or Forward, in the device's storage, or in a signed-in account. Issue #15: Back showed the last
// person's 9-8-8 page and "85 results for 'I want to kill myself'", and a partner stayed signed in.
// Issue #26: the visitor's own "I'm done / Start over" and the quick exit (Shift × 3) run the same
// reset at once, and a kiosk's quick exit stays on the start page instead of leaving for another site.
import { rmSync } from "node:fs";
import path from "node:path";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, prepareDirectoryData } from "../helpers/directory/accounts";
import { type BrowserApp, startBrowserApp, tabPerLanguage, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { PHONE } from "./helpers/browser";
import { addRows, readServices, readStore } from "./helpers/idb";
import { pathOf, STAFF_PIN, smallTargets, turnOnKiosk } from "./helpers/kiosk";
import { SCREENSHOT_DIR, saveScreenshot } from "./helpers/screenshots";
import { signInFromPage, signInThroughPage } from "./helpers/sign-in";

const SEARCH = "I want to kill myself";
const KIOSK_SCREEN = { width: 1080, height: 1920 };
const SLOW = { timeout: 45_000 }; // a reset signs out, clears storage and reloads: slow on a busy machine

let app: BrowserApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  app = await startBrowserApp({ dataDir, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Follows the kiosk page's own check for a signed-in account, which signs out whoever it finds: an
 * account signed in before that check is answered would be signed out by it. Listen before the
 * page opens; the returned wait ends once the current page's check has its answer. (Not from the
 * page's performance entries: Playwright's clock replaces `performance`.)
 */
function followSessionCheck(page: Page): () => Promise<void> {
  let check: Request | null = null;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) check = null;
    else if (new URL(request.url()).pathname === "/api/v1/auth/me") check = check ?? request;
  });
  return () => expect.poll(async () => (check ? (await check.response()) !== null : false), SLOW).toBe(true);
}

/** How a reset starts: the idle timer, the "I'm done / Start over" button, or the quick exit's Shift × 3. */
type Trigger = "idle" | "start over" | "quick exit";
const TRIGGERS: Trigger[] = ["idle", "start over", "quick exit"];

/**
 * Starts the reset (for "idle", lets the quiet time and the warning run out, 60 s in all), then
 * waits for the fresh start page.
 */
async function waitForReset(page: Page, trigger: Trigger = "idle"): Promise<void> {
  await page.evaluate(() => Object.assign(window, { visitMarker: true }));
  if (trigger === "idle") await page.clock.runFor(61_000);
  // Whatever the language on screen: the button is the one the stylesheet shows at the top.
  if (trigger === "start over") await page.locator(".exit-bar .start-over").click();
  if (trigger === "quick exit") for (let i = 0; i < 3; i++) await page.keyboard.press("Shift");
  await expect.poll(() => page.evaluate(() => "visitMarker" in window).catch(() => true), SLOW).toBe(false); // a new document
  await page.locator("#directory-q").waitFor();
}

const cookieHeader = async (page: Page) =>
  (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
/** The server's own view of a session cookie, asked without the browser. */
const serverKnows = async (cookie: string) =>
  (await fetch(`${app.baseUrl}/api/v1/auth/me`, { headers: { cookie } })).status;

/** What a page of the app shows that would give a visit away. */
const traces = (page: Page) =>
  page.evaluate(() => ({
    path: location.pathname + location.search,
    results: document.querySelectorAll("[data-testid=results-heading]").length,
    query: (document.querySelector<HTMLInputElement>("#directory-q")?.value ?? "") as string,
    text: document.body.innerText.includes("kill myself"),
  }));
const CLEAN = { path: "/", results: 0, query: "", text: false };

/** Every address the page's caches hold (the service worker's answers and the app shell). */
const cachedUrlsOf = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

describe("kiosk reset", () => {
  it.each(TRIGGERS)(
    "started by %s, leaves nothing of the visit behind Back or Forward, in the kiosk's language, at the top",
    async (trigger) => {
      const page = await app.newPage();
      await page.clock.install();
      await turnOnKiosk(page, { idleSeconds: 60, warningSeconds: 10 });
      // The visit: French, a crisis search, a crisis line's page, scrolled down.
      await page.getByRole("button", { name: "FR" }).click();
      await page.locator("#directory-q").fill(SEARCH);
      await page.locator("#directory-q").press("Enter");
      await page.getByTestId("results-heading").waitFor();
      expect(await page.getByTestId("results-heading").textContent()).toContain(SEARCH);
      await page.locator("ol.results a").first().click();
      await page.waitForURL(/\/services\//);
      await page.locator("h1").waitFor();
      // The wheel reaches the page's listeners after mouse.wheel returns; if it landed once the
      // clock had run, the kiosk would restart its quiet time and never reset (a flaky failure).
      await page.evaluate(() => {
        const w = window as never as { wheeled: Promise<void> };
        w.wheeled = new Promise((done) =>
          addEventListener("wheel", () => done(), { once: true, capture: true }),
        );
      });
      await page.mouse.wheel(0, 600);
      await page.evaluate(() => (window as never as { wheeled: Promise<void> }).wheeled);

      await waitForReset(page, trigger);
      expect(pathOf(page)).toBe("/"); // the kiosk stays on its start page, never an outside site
      expect(await traces(page)).toEqual(CLEAN);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const entries = await page.evaluate(() => navigation.entries().map((e) => new URL(e.url!).pathname));
      expect(entries.every((p) => p === "/")).toBe(true);

      // Back until the app is left, then Forward to the end: only clean start pages on the way.
      const seen: string[] = [];
      for (let i = 0; i < 4 && page.url().startsWith(app.baseUrl); i++) {
        await page.goBack();
        if (!page.url().startsWith(app.baseUrl)) break;
        await page.locator("#directory-q").waitFor();
        seen.push(JSON.stringify(await traces(page)));
      }
      for (let i = 0; i < 4; i++) {
        if (!(await page.goForward())) break;
        await page.locator("#directory-q").waitFor();
        seen.push(JSON.stringify(await traces(page)));
      }
      for (const state of seen) expect(JSON.parse(state)).toEqual(CLEAN);
    },
  );

  it.each(TRIGGERS)(
    "started by %s, removes what the visit stored on the device and keeps what the kiosk needs",
    async (trigger) => {
      const page = await app.newPage({ serviceWorker: true });
      await page.clock.install();
      await turnOnKiosk(page, { idleSeconds: 60, warningSeconds: 10 });
      await waitForServiceWorkerControl(page);
      await expect.poll(async () => (await readServices(page)).length, SLOW).toBeGreaterThan(0);
      // Traces a visit can leave: answers cached by the service worker, viewed series and
      // provinces in IndexedDB, and keys in web storage (as a later feature might write them).
      await page.evaluate(async () => {
        await fetch("/api/search?q=suicide");
        localStorage.setItem("chc.recentSearches", JSON.stringify(["I want to kill myself"]));
        sessionStorage.setItem("chc.lastPosition", "44.23,-76.49");
      });
      await addRows(page, "trendSeries", [
        { hospitalId: "h1", period: "7d", trends: {}, fetchedAt: "2025-01-01", viewedAt: "2025-01-01" },
      ]);
      await addRows(page, "syncState", [
        { scope: "hospitals:QC", cursor: null, lastSuccessAt: "2025-01-01", lastError: null },
      ]);
      const cachedUrls = () => cachedUrlsOf(page);
      await expect.poll(async () => (await cachedUrls()).some((u) => u.includes("suicide")), SLOW).toBe(true);
      const servicesBefore = (await readServices(page)).length;
      await expect.poll(async () => (await readStore(page, "hospitals")).length, SLOW).toBeGreaterThan(0);
      const hospitalsBefore = (await readStore(page, "hospitals")).length;

      await waitForReset(page, trigger);
      // The start page's own directory sync may cache a page again; nothing of the visit stays.
      expect((await cachedUrls()).filter((u) => u.includes("suicide"))).toEqual([]);
      expect((await cachedUrls()).some((u) => u.includes("/index.html"))).toBe(true); // the app shell stays
      const expiration = await readStore<{ url: string }>(page, "cache-entries", "workbox-expiration");
      expect(expiration.filter((e) => e.url.includes("suicide"))).toEqual([]);
      expect(await readStore(page, "trendSeries")).toEqual([]);
      const scopes = (await readStore<{ scope: string }>(page, "syncState")).map((s) => s.scope);
      expect(scopes.filter((s) => s !== "directory" && s !== "waits")).toEqual([]);
      expect((await readServices(page)).length).toBeGreaterThanOrEqual(servicesBefore);
      // The hospital registry and latest figures are shared data the next person needs offline.
      expect((await readStore(page, "hospitals")).length).toBeGreaterThanOrEqual(hospitalsBefore);
      const storage = await page.evaluate(() => ({
        local: Object.keys(localStorage).sort(),
        session: Object.keys(sessionStorage),
        values: JSON.stringify(localStorage),
      }));
      // The fresh start page notes when the kiosk was last in use (a time, nothing of the visit).
      expect(storage.local).toEqual([
        "chc.kiosk",
        "chc.kiosk.lastUse",
        "chc.kiosk.pin",
        "chc.kiosk.settings",
        "chc.lang",
      ]);
      expect(storage.session).toEqual([]);
      expect(storage.values).not.toContain(STAFF_PIN);
    },
  );

  it("signs out an account signed in before kiosk mode, or on the kiosk screen", async () => {
    const page = await app.newPage();
    await page.clock.install();
    const me = () => page.evaluate(async () => (await fetch("/api/v1/auth/me")).status);
    // A partner signed in, then staff turned the screen into a kiosk.
    await page.goto("/partner");
    await signInThroughPage(page, ACCOUNTS.partnerA);
    await page.getByText(`Signed in as ${ACCOUNTS.partnerA}.`).waitFor();
    const first = await cookieHeader(page);
    expect(await serverKnows(first)).toBe(200);
    await turnOnKiosk(page, { idleSeconds: 60, warningSeconds: 10 });
    // The kiosk page signs out as it opens, a moment after it shows.
    await expect.poll(me).toBe(401);
    expect(await serverKnows(first)).toBe(401); // revoked, not only forgotten by the browser

    // Someone signs in on the kiosk screen itself, then walks away.
    await signInFromPage(page, ACCOUNTS.partnerB);
    expect(await me()).toBe(200);
    const second = await cookieHeader(page);
    await waitForReset(page);
    expect(await me()).toBe(401);
    expect(await serverKnows(second)).toBe(401);
    expect(pathOf(page)).toBe("/");
  });

  it("starts over without a connection too, and signs the account out once the server is back", async () => {
    const page = await app.newPage({ serviceWorker: true });
    const sessionChecked = followSessionCheck(page);
    await page.clock.install();
    await turnOnKiosk(page, { idleSeconds: 60, warningSeconds: 10 });
    await waitForServiceWorkerControl(page);
    await expect.poll(async () => (await readServices(page)).length, SLOW).toBeGreaterThan(0);
    await sessionChecked();
    await signInFromPage(page, ACCOUNTS.partnerA);
    const cookie = await cookieHeader(page);
    expect(await serverKnows(cookie)).toBe(200);

    await page.context().setOffline(true);
    await page.locator("#directory-q").fill(SEARCH);
    await page.locator("#directory-q").press("Enter");
    await page.getByTestId("from-device").waitFor(); // searched the device's copy
    await waitForReset(page);
    expect(await traces(page)).toEqual(CLEAN);
    expect(await serverKnows(cookie)).toBe(200); // nobody could tell the server yet

    await page.context().setOffline(false); // the app signs out as soon as it is back online
    await expect.poll(() => serverKnows(cookie), SLOW).toBe(401);
  });

  it("offline with no service worker, starts over in place, then loads a fresh page once the server answers", async () => {
    const page = await app.newPage(); // this file's browser has no service workers
    await turnOnKiosk(page, { idleSeconds: 600, warningSeconds: 30 });
    await page.locator("#directory-q").fill(SEARCH);
    await page.locator("#directory-q").press("Enter");
    await page.getByTestId("results-heading").waitFor();
    await page.context().setOffline(true);
    await page.evaluate(() => Object.assign(window, { visitMarker: true }));
    await page.locator(".exit-bar .start-over").click();
    // No page can be loaded: a clean start page, crisis numbers included, rather than an error page.
    const shown = () =>
      page.evaluate(
        () => (document.querySelector(".emergency-line") ? "" : "no crisis numbers at ") + location.href,
      );
    await expect.poll(() => shown().catch(() => null), SLOW).toBe(`${app.baseUrl}/`);
    expect(await traces(page)).toEqual(CLEAN);
    expect(
      await page.evaluate(() => navigation.entries().map((e) => new URL(e.url!).pathname)),
    ).not.toContain("/search");
    // The next visitor's reset works the same way.
    await page.locator("#directory-q").fill("shelter");
    await page.locator(".exit-bar .start-over").click();
    await expect
      .poll(
        () =>
          page
            .locator("#directory-q")
            .inputValue()
            .catch(() => null),
        SLOW,
      )
      .toBe("");
    await page.context().setOffline(false);
    await expect.poll(() => page.evaluate(() => "visitMarker" in window).catch(() => true), SLOW).toBe(false);
    await page.locator("#directory-q").waitFor();
    expect(await traces(page)).toEqual(CLEAN);
  });

  it("keeps what the visitor searched for out of the addresses the browser records; Back still finds it", async () => {
    const page = await app.newPage();
    await turnOnKiosk(page, { idleSeconds: 600, warningSeconds: 30 });
    await page.getByRole("link", { name: "Crisis support" }).click(); // a need tile
    await page.getByTestId("results-heading").waitFor();
    await page.locator("#directory-q").fill(SEARCH);
    await page.locator("#directory-q").press("Enter");
    await expect.poll(() => page.getByTestId("results-heading").textContent()).toContain(SEARCH);
    await page.locator("#directory-q").fill(`${SEARCH} tonight`); // typed, then a result tapped at once
    await expect.poll(() => page.getByTestId("results-heading").textContent()).toContain("tonight");
    await page.locator("ol.results a").first().click();
    await page.waitForURL(/\/services\//);
    await page.goBack();
    await expect.poll(() => page.getByTestId("results-heading").textContent()).toContain(`${SEARCH} tonight`);
    const addresses = await page.evaluate(() => navigation.entries().map((e) => e.url!));
    expect(addresses.filter((a) => /[?&](q|category)=/.test(a))).toEqual([]);
    expect(pathOf(page)).toBe("/search");
  });

  it("caches nothing of the visit again when the visitor had switched language", async () => {
    const page = await app.newPage({ serviceWorker: true });
    await turnOnKiosk(page, { idleSeconds: 60, warningSeconds: 10 });
    await waitForServiceWorkerControl(page);
    await page.goto("/archive?q=naloxone");
    await page.getByTestId("archive-total").waitFor();
    await page.locator(".lang-switch button[lang=fr]").click();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("fr");
    await waitForReset(page, "start over");
    expect(await page.locator("html").getAttribute("lang")).toBe("en"); // the kiosk's language
    expect((await cachedUrlsOf(page)).filter((u) => u.includes("naloxone"))).toEqual([]);
  });

  it("caches no answer that was still on its way when the visit ended", async () => {
    const page = await app.newPage({ serviceWorker: true });
    await turnOnKiosk(page, { idleSeconds: 600, warningSeconds: 30 });
    await waitForServiceWorkerControl(page);
    // The archive's search answers only once the screen has started over, as on a slow connection.
    let asked!: () => void;
    const searchAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let release!: () => void;
    const visitEnded = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.context().route(/\/api\/search\?/, async (route) => {
      const response = await route.fetch();
      if (route.request().url().includes("naloxone")) {
        asked();
        await visitEnded;
      }
      await route.fulfill({ response });
    });
    await page.goto("/archive?q=naloxone");
    await searchAsked;
    await waitForReset(page, "start over");
    release();
    // A search of the next visit, asked after the late answer arrived, is cached as usual: by then
    // the late one would have been too.
    await page.evaluate(() => fetch("/api/search?q=vaccine"));
    await expect
      .poll(async () => (await cachedUrlsOf(page)).some((u) => u.includes("vaccine")), SLOW)
      .toBe(true);
    expect((await cachedUrlsOf(page)).filter((u) => u.includes("naloxone"))).toEqual([]);
  });

  it("keeps the visit's answers out of the browser's HTTP cache, which the app cannot empty", async () => {
    const page = await app.newPage({ serviceWorker: true });
    await turnOnKiosk(page, { idleSeconds: 600, warningSeconds: 30 });
    await waitForServiceWorkerControl(page);
    const asked = new Set<string>();
    page.on("request", (r) => {
      if (r.url().includes("/api/") && !r.url().includes("changed_after")) asked.add(r.url());
    });
    await page.locator("#directory-q").fill(SEARCH);
    await page.locator("#directory-q").press("Enter");
    await page.locator("ol.results a").first().click();
    await page.locator("h1").waitFor();
    await page.goto("/archive?q=naloxone");
    await page.getByTestId("archive-total").waitFor();
    await waitForReset(page, "start over");
    const visit = [...asked].filter((u) => /naloxone|\/services\//.test(u));
    expect(visit.length).toBeGreaterThan(0);
    // With the service worker's cache emptied, only the HTTP cache could answer these.
    const stored = await page.evaluate(async (urls) => {
      const found: string[] = [];
      for (const url of urls) {
        const answer = await fetch(url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
        if (answer?.ok) found.push(url);
      }
      return found;
    }, visit);
    expect(stored).toEqual([]);
  });

  it("starts over in every tab of the app the visit opened, not only the one pressed", async () => {
    const page = await app.newPage();
    await turnOnKiosk(page, { idleSeconds: 600, warningSeconds: 30 });
    const other = await page.context().newPage();
    await other.goto(`/search?q=${encodeURIComponent(SEARCH)}`);
    await other.getByTestId("results-heading").waitFor();
    await other.evaluate(() => Object.assign(window, { visitMarker: true }));
    await waitForReset(page, "start over");
    await expect
      .poll(() => other.evaluate(() => "visitMarker" in window).catch(() => true), SLOW)
      .toBe(false);
    await other.locator("#directory-q").waitFor();
    expect(await traces(other)).toEqual(CLEAN);
  });

  it("starts over when the kiosk comes back after being off for longer than its quiet time", async () => {
    const page = await app.newPage();
    await turnOnKiosk(page, { idleSeconds: 60, warningSeconds: 10 });
    await page.goto(`/search?q=${encodeURIComponent(SEARCH)}`);
    await page.getByTestId("results-heading").waitFor();
    // Ten minutes without power, then the browser reopens the page it had.
    await page.evaluate(() => localStorage.setItem("chc.kiosk.lastUse", String(Date.now() - 10 * 60_000)));
    await page.reload();
    await expect.poll(() => traces(page).catch(() => null), SLOW).toEqual(CLEAN);
    // The fresh start page stays: it does not start over again.
    await page.evaluate(() => Object.assign(window, { visitMarker: true }));
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => "visitMarker" in window)).toBe(true);
  });

  it("starts over when the server takes the sign-in check and never answers", async () => {
    const page = await app.newPage();
    await turnOnKiosk(page, { idleSeconds: 60, warningSeconds: 10 });
    await page.locator("#directory-q").fill(SEARCH);
    await page.locator("#directory-q").press("Enter");
    await page.getByTestId("results-heading").waitFor();
    await page.route("**/api/v1/auth/**", () => undefined); // taken, never answered
    await waitForReset(page, "start over");
    expect(await traces(page)).toEqual(CLEAN);
  });

  // One kiosk per language serves both screen sizes (resized, its start page loaded again): turning
  // a kiosk on in a new context syncs the directory again.
  const kioskTab = tabPerLanguage(() => app, {
    uses: 2,
    prepare: turnOnKiosk,
    async reuse(tab) {
      await tab.goto("/");
      await tab.locator("#directory-q").waitFor();
    },
  });

  for (const [lang, locale, startOver, exit] of [
    ["en", "en-CA", "I'm done / Start over", "Exit this page"],
    ["fr", "fr-CA", "J’ai terminé / Recommencer", "Quitter cette page"],
  ] as const) {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["kiosk", KIOSK_SCREEN],
    ] as const) {
      it(`in ${lang} on a ${size}: both buttons and the crisis lines at the top, large targets, no serious accessibility problem`, async () => {
        const page = await kioskTab(locale, viewport);
        await page.locator("#directory-q").fill(SEARCH);
        await page.locator("#directory-q").press("Enter");
        await page.getByTestId("results-heading").waitFor();
        expect(await page.getByRole("button", { name: startOver }).count()).toBe(1);
        expect(await page.getByRole("button", { name: exit }).count()).toBe(1);
        expect(await smallTargets(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `kiosk-start-over-${lang}-${size}`);
        // The screen as the visitor sees it (the whole page above is long).
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `kiosk-start-over-${lang}-${size}-screen.png`),
        });
        // By keyboard, from the top of a freshly loaded page: the skip link, the crisis lines, then
        // the start-over button.
        await page.reload();
        await page.getByTestId("results-heading").waitFor();
        const focused = () => page.evaluate(() => document.activeElement?.getAttribute("href") ?? "");
        await page.keyboard.press("Tab");
        for (const href of ["tel:911", "tel:988", "sms:988"]) {
          await page.keyboard.press("Tab");
          expect(await focused()).toBe(href);
        }
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(startOver);
      });
    }
  }
});
