// Large text and forced colours (an accessibility audit): with Chromium's text size at 200% (32 px,
// set as a reader's font-size preference through CDP, as the audit did) on a 390 px phone, no public
// page scrolls sideways in English or French, and the hidden skip link never lies over "Exit this
// page"; in forced colours (Windows high contrast) the chosen language, period and province still
// show. One tab goes from page to page.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANG_STORAGE_KEY } from "../../web/i18n/language";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { getJson } from "./helpers/archive-demo";
import { PHONE } from "./helpers/browser";
import { type NeutralSite, startNeutralSite } from "./helpers/neutral-site";

const LANGS = ["en", "fr"] as const;
const LARGE_TEXT_PX = 32;

let neutral: NeutralSite | undefined;
let neutralUrl: string;
let app: BrowserApp;
let page: Page;
let inFlight = 0;
let lastActivity = 0;
let publicPages: string[];

beforeAll(async () => {
  neutral = await startNeutralSite();
  neutralUrl = neutral.url;
  app = await startBrowserApp({
    demo: true,
    archiveDemo: true,
    serviceWorker: false,
    env: { QUICK_EXIT_URL: neutralUrl },
  });
  type Feed = { changes: Array<{ snapshotId: number; previousSnapshotId?: number | null }> };
  const feed = await getJson<Feed>(app, "/api/changes?type=updated&pageSize=100");
  const change = feed.changes.find((c) => c.previousSnapshotId);
  if (!change) throw new Error("the demo feed has no update with an earlier capture");
  // Every public route (pages.test.ts's pages, less the operators' one, and the pages with
  // content of their own: a service, a hospital, a capture, a comparison).
  publicPages = [
    "/",
    "/search?q=food",
    "/search?q=suicide",
    "/services/ontario-211-ontario",
    "/settings",
    "/waits?province=ON",
    "/waits?province=QC",
    "/waits/compare",
    "/waits/compare?a=ca-bc-abbotsford&b=ca-on-alexandra-hospital",
    "/waits/benchmarks",
    "/waits/occupancy",
    "/waits/ca-bc-abbotsford",
    "/waits/ca-on-alexandra-hospital?period=1y",
    "/waits/ca-bc-abbotsford/quality",
    "/archive",
    "/archive?q=health",
    `/archive/snapshots/${change.snapshotId}`,
    "/archive/changes",
    `/archive/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}`,
    "/archive/editions",
    "/no/such/page",
  ];
  const context = await app.newContext({ viewport: PHONE, locale: "en-CA", hasTouch: true });
  page = await context.newPage();
  // What the page is still fetching: a page is measured once nothing has been in flight for a
  // moment (Playwright's "networkidle" waits half a second on each of 44 loads).
  const started = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: LARGE_TEXT_PX, fixed: LARGE_TEXT_PX } });
});
afterAll(async () => {
  await app?.close();
  await neutral?.close();
});

/** How long nothing must be in flight before a page counts as drawn. */
const QUIET_MS = 150;

/** Opens a page of the app in a language, once it has drawn its content, at 200% text. */
async function open(path: string, lang: (typeof LANGS)[number]): Promise<void> {
  // The language is the one stored in the app's origin (a blank tab, or the neutral site after a
  // quick exit, first comes back to the app).
  if (!page.url().startsWith(app.baseUrl)) await page.goto("/no/such/page");
  await page.evaluate(([key, l]) => localStorage.setItem(key, l), [LANG_STORAGE_KEY, lang]);
  await page.goto(path);
  await expect
    .poll(() => inFlight === 0 && Date.now() - lastActivity >= QUIET_MS, { interval: 25 })
    .toBe(true);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await page.locator("h1").waitFor();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
    `${LARGE_TEXT_PX}px`,
  );
}

describe("200% text on a 390 px phone", () => {
  it("the hidden skip link covers nothing: a tap on the top edge of “Exit this page” leaves", async () => {
    for (const lang of LANGS) {
      await open("/search?q=food", lang);
      const exit = page.locator(".quick-exit");
      const box = await exit.boundingBox();
      if (!box) throw new Error("no quick-exit button");
      const topEdge = { x: box.x + box.width / 2, y: box.y + 2 };
      // What a finger there reaches: the button itself, not the skip link drawn over it.
      const hit = await page.evaluate(({ x, y }) => {
        const el = document.elementFromPoint(x, y);
        return el?.closest(".quick-exit") ? "quick-exit" : (el?.className ?? null);
      }, topEdge);
      expect(hit, lang).toBe("quick-exit");
      await page.touchscreen.tap(topEdge.x, topEdge.y);
      await page.waitForURL(neutralUrl);
    }
    // Focused, the skip link still shows, whole and inside the screen.
    await open("/", "en");
    await page.keyboard.press("Tab");
    const skip = page.locator(".skip-link");
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(
      await skip.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
      }),
    ).toBe(true);
  });

  // One test per language, each loading every public page: both in one test took 55 s on a slow
  // machine, near half of a test's time limit.
  for (const lang of LANGS) {
    it(`no public page scrolls sideways, in ${lang === "en" ? "English" : "French"}; the crisis buttons are whole`, async () => {
      const sideways: string[] = [];
      const cut: string[] = [];
      for (const path of publicPages) {
        await open(path, lang);
        const width = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          screen: innerWidth,
        }));
        if (width.scroll > width.screen) sideways.push(`${lang} ${path}: ${width.scroll} > ${width.screen}`);
      }
      // "Call 911", "Call 988", "Text 988": inside the screen, none of their words cut.
      await open("/search?q=suicide", lang);
      const actions = await page.locator(".crisis-action").evaluateAll((links) =>
        links.map((a) => {
          const box = a.getBoundingClientRect();
          return {
            text: a.textContent,
            inside: box.left >= 0 && box.right <= innerWidth,
            whole: a.scrollWidth <= a.clientWidth,
          };
        }),
      );
      expect(actions.length, lang).toBe(3);
      for (const a of actions) if (!a.inside || !a.whole) cut.push(`${lang} ${a.text}`);
      expect(sideways).toEqual([]);
      expect(cut).toEqual([]);
    });
  }
});

describe("forced colours (Windows high contrast)", () => {
  it("the chosen language, period and province differ from the others in what forced colours keep", async () => {
    await page.emulateMedia({ forcedColors: "active" });
    try {
      await open("/waits/benchmarks?province=QC", "fr");
      expect(await page.evaluate(() => matchMedia("(forced-colors: active)").matches)).toBe(true);
      // Forced colours replace the page's colours with the system's: a background counts only where
      // it is one of the system's (the page's own ones are all forced to the canvas, as is transparent).
      const look = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => {
            const s = getComputedStyle(el);
            const canvas = getComputedStyle(document.documentElement).backgroundColor;
            const seen = /, 0\)$/.test(s.backgroundColor) ? canvas : s.backgroundColor; // transparent
            return {
              background: seen,
              color: s.color,
              decoration: s.textDecorationLine,
              border: `${s.borderTopStyle} ${s.borderTopWidth}`,
              outline: `${s.outlineStyle} ${s.outlineWidth}`,
            };
          });
      const pairs = [
        [".lang-switch button[aria-pressed=true]", ".lang-switch button[aria-pressed=false]"],
        [".segmented a[aria-current=page]", ".segmented a:not([aria-current])"],
      ];
      for (const [chosen, other] of pairs) {
        expect(await page.locator(chosen).count(), chosen).toBeGreaterThan(0);
        expect(await look(chosen), chosen).not.toEqual(await look(other));
      }
    } finally {
      await page.emulateMedia({ forcedColors: "none" });
    }
  });
});
