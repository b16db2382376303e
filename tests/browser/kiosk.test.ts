import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { saveScreenshot } from "./helpers/screenshots";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(async () => {
  await app?.close();
});

const isKiosk = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("kiosk"));
const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe("kiosk mode", () => {
  it("turns on from ?kiosk=1, is kept, and makes every target at least 48 px", async () => {
    const page = await app.newPage();
    await page.goto("/settings?kiosk=1");
    await page.locator("h1").waitFor();
    expect(await isKiosk(page)).toBe(true);
    await page.goto("/");
    await page.locator("h1").waitFor();
    expect(await isKiosk(page)).toBe(true);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("a, button, input")]
        .filter((el) => el.offsetParent !== null)
        .map((el) => ({ what: el.outerHTML.slice(0, 60), h: el.getBoundingClientRect().height }))
        .filter((t) => t.h < 48),
    );
    expect(small).toEqual([]);
    const fontSize = await page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    );
    expect(fontSize).toBeGreaterThanOrEqual(20);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "home-kiosk-phone");
  });

  it("returns to a clean Home page after 120 s without input, and input postpones it", async () => {
    const page = await app.newPage();
    await page.clock.install();
    await page.goto("/search?q=shelter&kiosk=1");
    await page.locator("h1").waitFor();
    await page.clock.runFor(100_000);
    await page.keyboard.press("Shift"); // activity re-arms the timer
    await page.clock.runFor(100_000);
    expect(path(page)).toBe("/search?q=shelter&kiosk=1");
    await page.clock.runFor(21_000);
    await expect.poll(() => path(page)).toBe("/");
    expect(await page.locator("#directory-q").inputValue()).toBe("");
  });

  it("can be switched off in Settings, and then never resets the page", async () => {
    const page = await app.newPage();
    await page.clock.install();
    await page.goto("/settings?kiosk=1");
    const toggle = page.getByRole("checkbox", { name: "Use kiosk mode on this device" });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    expect(await isKiosk(page)).toBe(false);
    await page.goto("/settings");
    await page.locator("h1").waitFor();
    expect(await isKiosk(page)).toBe(false);
    await page.clock.runFor(300_000);
    expect(path(page)).toBe("/settings");
  });
});
