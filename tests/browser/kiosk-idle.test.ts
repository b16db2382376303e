// The quiet-screen timer of kiosk mode: "Still there?" with a countdown, dismissed by any key or
// touch, postponed by typing but not by a filled search box, and a fresh start page when nobody
// answers.
// Time is the page's fake clock (page.clock); kiosk mode is set to 60 s with a 10 s warning.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { pathOf, smallTargets, turnOnKiosk } from "./helpers/kiosk";
import { saveScreenshot } from "./helpers/screenshots";

const QUIET_MS = 50_000; // 60 s in all, the last 10 s of which is the warning

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

const warning = (page: Page) => page.getByRole("alertdialog");
const warningOpen = (page: Page) => page.evaluate(() => document.querySelector("dialog")?.open === true);
const focusInWarning = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));

async function kioskPage(
  opts: Parameters<BrowserApp["newPage"]>[0] = {},
  setup = { idleSeconds: 60, warningSeconds: 10 },
): Promise<Page> {
  const page = await app.newPage(opts);
  await page.clock.install();
  await turnOnKiosk(page, setup);
  // From here on the page's time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  await page.keyboard.press("Shift"); // the quiet time starts now, on the paused clock
  return page;
}

describe("kiosk quiet-screen timer", () => {
  it("warns with a countdown in a modal that takes focus, and any key or touch keeps the visit", async () => {
    const page = await kioskPage();
    await page.goto("/search?q=food");
    await page.locator("ol.results li").first().waitFor();
    await page.locator("#directory-category").focus();

    await page.clock.runFor(QUIET_MS - 500);
    expect(await warningOpen(page)).toBe(false);
    await page.clock.runFor(1_000); // the warning opened half a second ago
    expect(await warningOpen(page)).toBe(true);
    expect(await warning(page).getAttribute("aria-labelledby")).toBe("kiosk-warning-title");
    expect(await page.locator("#kiosk-warning-title").textContent()).toBe("Still there?");
    expect(await focusInWarning(page)).toBe(true);
    expect(await page.getByTestId("kiosk-countdown").textContent()).toBe("10");
    await page.clock.runFor(3_000);
    expect(await page.getByTestId("kiosk-countdown").textContent()).toBe("7");
    expect(await page.locator("#kiosk-warning-body").textContent()).toBe(
      "To protect your privacy, this screen will start over in 7 seconds.",
    );

    await page.keyboard.press("a"); // any key
    expect(await warningOpen(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("directory-category");
    expect(pathOf(page)).toBe("/search?q=food");

    await page.clock.runFor(QUIET_MS + 500); // the timer started again from the key press
    expect(await warningOpen(page)).toBe(true);
    await page.mouse.click(5, 5); // a touch anywhere, even outside the dialog
    expect(await warningOpen(page)).toBe(false);
    expect(pathOf(page)).toBe("/search?q=food");

    await page.clock.runFor(QUIET_MS + 10_500); // nobody answers
    await expect.poll(() => pathOf(page)).toBe("/");
    await page.locator("#directory-q").waitFor();
  });

  it("counts typing as use, but not a search left in the box: the warning comes at the time set", async () => {
    const page = await kioskPage();
    await page.goto("/search");
    await page.locator("#directory-q").click();
    await page.keyboard.type("I want to kill myself");
    // Key presses keep the screen as it is for as long as they come.
    for (let i = 0; i < 3; i++) {
      await page.clock.runFor(QUIET_MS - 5_000);
      await page.keyboard.type("!");
    }
    // Walked away with focus in the filled box: the warning still comes 50 s after the last key.
    await page.clock.runFor(QUIET_MS - 500);
    expect(await warningOpen(page)).toBe(false);
    await page.clock.runFor(1_000);
    expect(await warningOpen(page)).toBe(true);
    await page.keyboard.press("Backspace"); // dismisses, and the field keeps its text
    expect(await warningOpen(page)).toBe(false);
    expect(await page.locator("#directory-q").inputValue()).toBe("I want to kill myself!!!");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("directory-q");
    // Nobody answers the next warning: the screen starts over 60 s after the last key.
    await page.evaluate(() => Object.assign(window, { visitMarker: true }));
    await page.clock.runFor(QUIET_MS + 10_500);
    await expect.poll(() => page.evaluate(() => "visitMarker" in window).catch(() => true)).toBe(false);
    await page.locator("#directory-q").waitFor();
    expect(await page.locator("#directory-q").inputValue()).toBe("");
  });

  it("counts use in any of the kiosk's tabs, warns in the one in use, and opens links in the same tab", async () => {
    const page = await kioskPage();
    await page.goto("/search?q=food");
    const result = page.locator("ol.results a").first();
    const href = await result.getAttribute("href");
    await result.click({ button: "middle" }); // opens it here, as a plain click would
    await expect.poll(() => pathOf(page)).toBe(href);
    await page.locator("h1").waitFor();
    expect(page.context().pages()).toHaveLength(1);

    // A second tab anyway (opened before kiosk mode, or by staff), left alone on another page.
    const other = await page.context().newPage();
    await other.goto("/search?q=shelter");
    await other.locator("ol.results li").first().waitFor();
    await page.bringToFront();
    const mark = (tab: Page) => tab.evaluate(() => Object.assign(window, { visitMarker: true }));
    const sameDocument = (tab: Page) => tab.evaluate(() => "visitMarker" in window).catch(() => false);
    await mark(page);
    await mark(other);
    // The visitor keeps using the first tab for longer than the quiet time: neither tab warns.
    for (let i = 0; i < 4; i++) {
      await page.locator("main h1").click();
      await page.clock.runFor(20_000);
      expect({ i, here: await warningOpen(page), there: await warningOpen(other) }).toEqual({
        i,
        here: false,
        there: false,
      });
    }
    // Then stops: the warning comes 50 s after the last click, in the tab in use.
    await page.clock.runFor(QUIET_MS - 20_000 - 500);
    expect(await warningOpen(page)).toBe(false);
    await page.clock.runFor(1_000);
    expect(await warningOpen(page)).toBe(true);
    await page.keyboard.press("a"); // dismissing it here keeps the visit in every tab
    await expect.poll(() => warningOpen(other)).toBe(false);
    await page.clock.runFor(10_000);
    expect(await sameDocument(page)).toBe(true);
    expect(await sameDocument(other)).toBe(true);
  });

  for (const [lang, locale] of [
    ["en", "en-CA"],
    ["fr", "fr-CA"],
  ] as const) {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      it(`"Still there?" in ${lang} on a ${size}: screenshot, large targets, no serious accessibility problem`, async () => {
        // A long warning, so the checks below fit in it once the clock runs on its own again.
        const page = await kioskPage({ locale, viewport }, { idleSeconds: 180, warningSeconds: 60 });
        await page.clock.runFor(120_500);
        expect(await warningOpen(page)).toBe(true);
        await page.clock.runFor(2_000);
        expect(await page.getByTestId("kiosk-countdown").textContent()).toBe("58");
        expect(await page.locator("#kiosk-warning-title").textContent()).toBe(
          lang === "en" ? "Still there?" : "Toujours là\u00a0?",
        );
        await page.clock.resume(); // axe waits on timers of its own
        expect(await smallTargets(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `kiosk-warning-${lang}-${size}`);
      });
    }
  }
});
