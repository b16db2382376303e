// The home page as a person in need meets it: the emergency numbers first, one tap per common
// need that runs the search, and, offline, what still works. EN and FR, phone and desktop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { lastSavedAt } from "./helpers/idb";
import { saveScreenshot } from "./helpers/screenshots";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

describe("home page", () => {
  it("puts 911 and 988 (call and text) first, as links a phone dials", async () => {
    const page = await app.newPage({ viewport: PHONE });
    await page.goto("/");
    const line = page.locator(".emergency-line");
    await expect.poll(() => line.isVisible()).toBe(true);
    const hrefs = await line.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["tel:911", "tel:988", "sms:988"]);
    // Nothing but the page title comes before it.
    const firstBlock = await page.locator("main > *:not(h1)").first().getAttribute("class");
    expect(firstBlock).toContain("emergency-line");
    await page.context().close();
  });

  it.each([
    ["en-CA", "A place to sleep", "q=shelter&category=housing"],
    ["fr-CA", "Nourriture", "q=nourriture&category=food"],
  ])("in %s, one tap on “%s” runs the search and shows results", async (locale, label, query) => {
    const page = await app.newPage({ viewport: PHONE, locale });
    await page.goto("/");
    const tiles = page.locator(".needs a");
    await expect.poll(() => tiles.count()).toBe(8);
    for (const box of await tiles.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height))) {
      expect(box).toBeGreaterThanOrEqual(44);
    }
    await page.getByRole("link", { name: label, exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?${query}`);
    await expect.poll(() => page.locator(".results li").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.context().close();
  });

  it("reaches a need by keyboard", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/");
    await expect.poll(() => page.locator(".needs a").count()).toBe(8);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.textContent === "Food")) break;
    }
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("food");
    await page.context().close();
  });

  it("says what still works when there is no connection", async () => {
    // With the service worker, as offline use is: it holds the code the offline page needs.
    const page = await app.newPage({ viewport: PHONE, serviceWorker: true });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await expect.poll(() => page.locator(".needs a").count()).toBe(8);
    expect(await page.locator(".offline-abilities").count()).toBe(0);
    // The directory saved by the visit's first sync.
    await expect.poll(() => lastSavedAt(page, "directory"), { timeout: 30_000 }).not.toBeNull();
    await page.context().setOffline(true);
    await expect.poll(() => page.locator(".offline-abilities").isVisible()).toBe(true);
    expect(await page.locator(".offline-abilities li").count()).toBe(4);
    // Says when the directory it searches offline was saved.
    await expect
      .poll(() => page.getByTestId("offline-search").textContent())
      .toMatch(/^Searching the directory this device saved on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M\.$/);
    await saveScreenshot(page, "home-offline-phone");
    await page.context().setOffline(false);
    await page.context().close();
  });

  describe.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("at %s size", (size, viewport) => {
    it.each(["en-CA", "fr-CA"])("in %s has no serious axe violation", async (locale) => {
      const page = await app.newPage({ viewport, locale });
      await page.goto("/");
      await expect.poll(() => page.locator(".needs a").count()).toBe(8);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `home-needs-${size}-${locale.slice(0, 2)}`);
      await page.context().close();
    });
  });

  it.each([
    ["en-CA", "/archive/compare?from=abc&to=def", "Go to the home page"],
    ["fr-CA", "/archive/compare?from=1", "Aller à la page d’accueil"],
  ])("in %s, a page that cannot show its data (%s) links back home", async (locale, path, label) => {
    const page = await app.newPage({ viewport: PHONE, locale });
    await page.goto(path);
    const back = page.locator(".load-error").getByRole("link", { name: label });
    await expect.poll(() => back.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator(".load-error [role=alert]").textContent()).not.toBe("");
    await back.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });
});
