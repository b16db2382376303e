// "Exit this page" (issue #26): someone searching for help with abuse at home may be watched. One
// tap, or Shift three times, hides the page at once and leaves for a neutral site (here a local
// page standing in for QUICK_EXIT_URL, so Chromium never reaches the internet); Back must not
// bring the search back. Also offline, by keyboard, in English and French, on a phone and a kiosk
// screen. The kiosk's own quick exit (it starts over instead) is in kiosk-reset.test.ts.
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { PHONE } from "./helpers/browser";
import { type NeutralSite, startNeutralSite } from "./helpers/neutral-site";
import { SCREENSHOT_DIR, saveScreenshot } from "./helpers/screenshots";

const SEARCH = "abuse at home";
const KIOSK_SCREEN = { width: 1080, height: 1920 };

let neutral: NeutralSite | undefined;
let neutralUrl: string;
let app: BrowserApp;
beforeAll(async () => {
  neutral = await startNeutralSite();
  neutralUrl = neutral.url;
  app = await startBrowserApp({ demo: true, env: { QUICK_EXIT_URL: neutralUrl }, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
  await neutral?.close();
});

async function search(page: Page, words = SEARCH): Promise<void> {
  await page.locator("#directory-q").fill(words);
  await page.locator("#directory-q").press("Enter");
  await expect.poll(() => page.getByTestId("results-heading").textContent()).toContain(words);
}

/**
 * Presses "Exit this page" and notes, in the same task, whether the page is still visible: hidden
 * at once means nothing was waited for. The note goes into the app's sessionStorage, which outlives
 * the page (the tab may leave before an evaluate could return); backShowsNothingOfTheSearch reads it back.
 */
async function pressExitNotingVisibility(page: Page): Promise<void> {
  await page
    .evaluate(() => {
      document.querySelector<HTMLButtonElement>(".quick-exit")?.click();
      sessionStorage.setItem("test.visibilityAfterExit", getComputedStyle(document.body).visibility);
    })
    .catch(() => undefined); // the page may be unloading already
}

const onNeutralSite = (page: Page) => page.waitForURL(neutralUrl);

/**
 * The tab's history as the browser keeps it (its current index is that of a Back still under way),
 * and the address the tab's error page stands for, if it shows one: readable on an error page too.
 */
async function tabHistory(
  page: Page,
): Promise<{ currentIndex: number; entries: Array<{ url: string }>; unreachable?: string }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { currentIndex, entries } = await cdp.send("Page.getNavigationHistory");
    const { frameTree } = await cdp.send("Page.getFrameTree");
    return { currentIndex, entries, unreachable: frameTree.frame.unreachableUrl };
  } finally {
    await cdp.detach();
  }
}

const describeHistory = ({ currentIndex, entries }: Awaited<ReturnType<typeof tabHistory>>) =>
  entries.map((entry, i) => (i === currentIndex ? `[${entry.url}]` : entry.url)).join(", ");

/**
 * Goes Back while the entry behind is one of the app's (at most four steps): every app page met
 * must hold no trace. Returns what pressExitNotingVisibility noted, if it ran.
 */
async function backShowsNothingOfTheSearch(page: Page): Promise<string | null> {
  const seen: Array<{ path: string; text: boolean }> = [];
  let noted: string | null = null;
  const left = await tabHistory(page);
  for (let i = 0; i < 4; i++) {
    const { currentIndex, entries } = await tabHistory(page);
    const behind = entries[currentIndex - 1];
    if (!behind?.url.startsWith(app.baseUrl)) break;
    // A page the service worker or the back/forward cache answers gives no response: go by the
    // address. On a busy machine an offline Back can commit long after goBack has returned. Twice,
    // in clean-clone runs at a load of 8 to 12, the tab was still on the browser's offline error
    // page 10 s, then 45 s, after a Back from it (cause not found). As a person would, a Back not
    // under way after 5 s is pressed again, and an app page the browser could not show (its error
    // page stands for the entry behind) is reloaded; the failure says where the history stands.
    const patience = i === 0 ? 45_000 : 10_000;
    const deadline = Date.now() + patience;
    let presses = 0;
    let reloads = 0;
    let nextTry = 0;
    while (page.url() !== behind.url && Date.now() < deadline) {
      if (Date.now() >= nextTry) {
        const now = await tabHistory(page);
        if (now.currentIndex === currentIndex) {
          presses++;
          nextTry = Date.now() + 5_000;
          await page.goBack({ timeout: 5_000 }).catch(() => null);
        } else if (now.unreachable === behind.url) {
          reloads++;
          nextTry = Date.now() + 5_000;
          await page.reload({ timeout: 5_000 }).catch(() => null);
        }
      }
      await page.waitForTimeout(100);
    }
    expect(
      page.url(),
      `the tab's history, [current]: ${describeHistory(left)} before, ${describeHistory(await tabHistory(page))} after ${presses} Back and ${reloads} reload`,
    ).toBe(behind.url);
    await page.locator("h1").waitFor();
    noted ??= await page.evaluate(() => sessionStorage.getItem("test.visibilityAfterExit"));
    seen.push(
      await page.evaluate(
        (words) => ({
          path: location.pathname + location.search,
          text: document.body.innerText.includes(words),
        }),
        SEARCH,
      ),
    );
  }
  // The app's start page is behind the neutral site.
  expect(seen.length, `Back from ${describeHistory(left)}`).toBeGreaterThan(0);
  for (const state of seen) expect(state).toEqual({ path: "/", text: false });
  return noted;
}

describe("quick exit", () => {
  it("one tap hides the page at once and opens the neutral site; Back does not return to the search", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await search(page);
    await page.locator("ol.results a").first().click(); // a service page on top of the search
    await page.waitForURL(/\/services\//);
    await pressExitNotingVisibility(page);
    await onNeutralSite(page);
    expect(await page.locator("h1").textContent()).toBe("Today's weather");
    expect(await backShowsNothingOfTheSearch(page)).toBe("hidden"); // hidden in the same task as the tap
  });

  it("Shift three times leaves too, even when the search page was opened as its own document; capitals typed do not", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await page.goto(`/search?q=${encodeURIComponent(SEARCH)}`); // a second document in the tab
    await page.getByTestId("results-heading").waitFor();
    await page.locator("#directory-q").focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+A");
    expect(await page.locator("#directory-q").inputValue()).toBe(`${SEARCH}AAA`);
    expect(page.url()).toContain("/search");
    await page.locator("ol.results a").first().click(); // the search is now behind the page left
    await page.waitForURL(/\/services\//);
    await page.locator("h1").waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Shift");
    await onNeutralSite(page);
    await backShowsNothingOfTheSearch(page);
  });

  it("works offline: the page is hidden without the network and the search is not behind Back", async () => {
    const page = await app.newPage({ serviceWorker: true });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    await page.goto(`/search?q=${encodeURIComponent(SEARCH)}`);
    await page.getByTestId("results-heading").waitFor();
    await search(page, "food"); // the first search is now behind this one
    await pressExitNotingVisibility(page);
    // The neutral site cannot load offline: the browser's own error page replaces the app.
    await expect.poll(() => page.url().startsWith(app.baseUrl)).toBe(false);
    expect(page.url()).toMatch(/^chrome-error:/);
    expect(await backShowsNothingOfTheSearch(page)).toBe("hidden");
  });

  it("is reached and pressed by keyboard", async () => {
    const page = await app.newPage();
    await page.goto(`/search?q=${encodeURIComponent(SEARCH)}`);
    await page.getByTestId("results-heading").waitFor();
    await page.keyboard.press("Tab"); // the skip link
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("quick-exit");
    await page.keyboard.press("Enter");
    await onNeutralSite(page);
  });

  for (const [lang, locale, label] of [
    ["en", "en-CA", "Exit this page"],
    ["fr", "fr-CA", "Quitter cette page"],
  ] as const) {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["kiosk", KIOSK_SCREEN],
    ] as const) {
      it(`in ${lang} on a ${size}: in view at the top, also scrolled down, large enough, no serious accessibility problem`, async () => {
        const page = await app.newPage({ locale, viewport });
        await page.goto(`/search?q=${encodeURIComponent(SEARCH)}`);
        await page.getByTestId("results-heading").waitFor();
        const button = page.getByRole("button", { name: label });
        expect(await button.count()).toBe(1);
        const [width, height] = await button.evaluate((b) => [
          (b as HTMLElement).offsetWidth,
          (b as HTMLElement).offsetHeight,
        ]);
        expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `quick-exit-${lang}-${size}`);
        await page.mouse.wheel(0, 3000);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        const box = await button.boundingBox();
        expect(box?.y).toBeGreaterThanOrEqual(0);
        expect(box?.y).toBeLessThan(20); // stuck to the top of the screen
        // What the screen shows scrolled down (saveScreenshot takes the whole page).
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `quick-exit-${lang}-${size}-scrolled.png`) });
        await button.click();
        await onNeutralSite(page);
      });
    }
  }
});
