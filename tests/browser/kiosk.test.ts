import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { isKiosk, pathOf, STAFF_PIN, smallTargets, turnOnKiosk } from "./helpers/kiosk";
import { SCREENSHOT_DIR, saveScreenshot } from "./helpers/screenshots";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

/** What the screen shows (a full-page image of a long list is too small to look at). */
const viewportShot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

describe("turning kiosk mode on", () => {
  it("?kiosk=1 leads to the Settings form, which needs a staff PIN before kiosk mode starts", async () => {
    const page = await app.newPage();
    await page.goto("/search?q=food&kiosk=1");
    await page.locator("#kiosk-pin").waitFor();
    expect(pathOf(page)).toBe("/settings");
    expect(await isKiosk(page)).toBe(false); // the address alone never turns it on
    await expect.poll(() => focusedId(page)).toBe("kiosk-pin");

    await page.getByRole("button", { name: "Turn on kiosk mode" }).click();
    expect(await page.locator("#kiosk-pin-error").textContent()).toBe("Enter 4 to 12 digits, numbers only.");
    expect(await page.locator("#kiosk-pin").getAttribute("aria-invalid")).toBe("true");
    expect(await focusedId(page)).toBe("kiosk-pin");

    await page.getByLabel("Staff PIN (4 to 12 digits)").fill(STAFF_PIN);
    await page.getByLabel("Staff PIN again").fill("111111");
    await page.getByLabel("Warn this many seconds before starting over").fill("500");
    await page.getByRole("button", { name: "Turn on kiosk mode" }).click();
    expect(await page.locator("#kiosk-pinAgain-error").textContent()).toContain("not the same");
    expect(await page.locator("#kiosk-warningSeconds-error").textContent()).toContain("from 5 to 120");
    expect(await isKiosk(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .locator("#kiosk")
      .screenshot({ path: path.join(SCREENSHOT_DIR, "kiosk-setup-en-phone-section.png") });

    await page.getByLabel("Staff PIN again").fill(STAFF_PIN);
    await page.getByLabel("Warn this many seconds before starting over").fill("20");
    await page.getByRole("button", { name: "Turn on kiosk mode" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("kiosk"));
    await expect.poll(() => pathOf(page)).toBe("/");
    // Sign-in pages are gone from the menu (on a phone, behind the Menu button).
    await page.getByRole("button", { name: "Menu" }).click();
    await expect
      .poll(() => page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents())
      .toEqual(["Home", "Directory", "Wait times", "Archive", "Settings"]);
    // Kept for later visits.
    await page.goto("/waits");
    await page.locator("h1").waitFor();
    expect(await isKiosk(page)).toBe(true);
  });
});

describe("kiosk screens", () => {
  it("make every target at least 44 px, with larger text, on the public pages", async () => {
    const page = await app.newPage();
    await turnOnKiosk(page);
    const fontSize = await page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    );
    expect(fontSize).toBeGreaterThanOrEqual(20);
    const pages: Array<[string, string]> = [
      ["/", "#directory-q"],
      ["/search?q=food", "ol.results li"],
      ["/waits", "h1"],
      ["/archive", "h1"],
      ["/settings", "#kiosk-unlock-pin"],
      ["/partner", "h1"],
    ];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      expect({ path, small: await smallTargets(page) }).toEqual({ path, small: [] });
      if (path.startsWith("/search")) await viewportShot(page, "kiosk-search-en-phone");
    }
    await page.goto("/search?q=food");
    await page.locator("ol.results a").first().click();
    await page.waitForURL(/\/services\//);
    await page.locator("h1").waitFor();
    expect({ path: pathOf(page), small: await smallTargets(page) }).toEqual({
      path: pathOf(page),
      small: [],
    });
    await viewportShot(page, "kiosk-service-en-phone");
  });

  it("offer no sign-in: the partner and operator pages say so instead", async () => {
    const page = await app.newPage();
    await turnOnKiosk(page);
    for (const path of ["/partner", "/partner/services/x", "/admin/observability"]) {
      await page.goto(path);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Not available on this screen");
      expect(await page.locator("input[type=password]").count()).toBe(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("open no other site or app, which would outlive starting over: a website, email or address is shown as text", async () => {
    const newTabLinks = (page: Page) => page.locator("a[target=_blank]").count();
    /** Links that hand the visit to a mail program or a map app. */
    const appLinks = (page: Page) =>
      page.locator('a[href^="mailto:"], a[href^="geo:"]').evaluateAll((links) => links.length);
    const page = await app.newPage();
    await page.goto("/services/one-roof-youth-hub");
    await page.getByRole("link", { name: "https://kingstonhomebase.ca/one-roof/" }).waitFor();
    expect(await newTabLinks(page)).toBeGreaterThan(0); // off a kiosk, the site and the map open beside the app
    await page.goto("/services/dawn-house-shelter");
    await page.getByRole("link", { name: "info@dawnhouse.ca" }).waitFor();
    expect(await appLinks(page)).toBeGreaterThan(1); // and the email and directions open their apps

    await turnOnKiosk(page);
    await page.goto("/search?q=youth%20shelter");
    await page.locator("li.card.service").first().waitFor();
    expect(await newTabLinks(page)).toBe(0);
    await page.goto("/services/one-roof-youth-hub");
    await page.getByText("https://kingstonhomebase.ca/one-roof/", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "https://kingstonhomebase.ca/one-roof/" }).count()).toBe(0);
    expect(await newTabLinks(page)).toBe(0);
    expect(await appLinks(page)).toBe(0);
    await page.goto("/services/dawn-house-shelter");
    await page.getByText("info@dawnhouse.ca", { exact: true }).waitFor();
    expect(await page.locator(".location").first().textContent()).toMatch(/Kingston/); // the address stays
    expect(await appLinks(page)).toBe(0);
    // The wait-time pages' hospitals too: their address stays, map app and map site go.
    for (const path of ["/waits", "/waits/ca-bc-abbotsford"]) {
      await page.goto(path);
      const contact = page.getByTestId("hospital-contact").first();
      await contact.waitFor();
      expect(await contact.locator(".address").textContent()).not.toBe("");
      expect(await appLinks(page)).toBe(0);
      expect(await newTabLinks(page)).toBe(0);
      // No separator left dangling where the directions were.
      const lines = await contact.locator("p").allTextContents();
      expect(lines.filter((line) => /^\s*·|·\s*·|·\s*$/.test(line))).toEqual([]);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("offer no feed, whose document has no bar and no reset; off a kiosk, the feed link reaches the feed", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/archive/changes");
    await page.getByRole("link", { name: "Subscribe to these changes (Atom feed)" }).click();
    await page.waitForURL("**/api/changes.atom?lang=en");
    // The server's feed (Chromium shows a feed as its text), not the app's "Page not found" drawn
    // at the feed's address.
    await expect
      .poll(() => page.evaluate(() => document.body.innerText.slice(0, 200)))
      .toMatch(/^<\?xml.*\n<feed /);

    await turnOnKiosk(page);
    await page.goto("/archive/changes");
    await page.getByTestId("changes-total").waitFor();
    expect(await page.getByTestId("changes-feed").count()).toBe(0);
    expect(await page.locator('head link[type="application/atom+xml"]').count()).toBe(0);
  });

  /** The crisis links in view, without scrolling back, each at least 44 px high. */
  const linesInView = (page: Page) =>
    page.evaluate(() =>
      ["tel:911", "tel:988", "sms:988"].filter((href) =>
        [...document.querySelectorAll<HTMLElement>(`a[href="${href}"]`)].some((a) => {
          const box = a.getBoundingClientRect();
          return a.checkVisibility() && box.top >= 0 && box.bottom <= innerHeight && box.height >= 44;
        }),
      ),
    );
  const ALL = ["tel:911", "tel:988", "sms:988"];
  // One test per language: both in one took 53 s in a clean-clone run on a slow machine, near half
  // of a test's time limit.
  for (const locale of ["en-CA", "fr-CA"]) {
    it(`keep 911 and 988 (call and text) on the first screen of every page, scrolled or not, in ${locale}, at three sizes`, async () => {
      const page = await app.newPage({ locale, viewport: PHONE });
      await turnOnKiosk(page);
      await page.goto("/search?q=food");
      const service = (await page.locator("ol.results a").first().getAttribute("href")) ?? "";
      // On a phone, every kind of page (search, service, wait times, archive, settings, not found);
      // in French, where the words are longer, the pages with the widest bar.
      const pages =
        locale === "en-CA"
          ? ["/search?q=food", service, "/waits", "/waits/compare", "/archive", "/settings", "/nope"]
          : ["/search?q=food", service];
      for (const path of pages) {
        await page.goto(path);
        await page.locator("main h1").first().waitFor();
        expect({ locale, path, lines: await linesInView(page) }).toEqual({ locale, path, lines: ALL });
      }
      // A crisis search at each size, and a long page scrolled to its end.
      for (const viewport of [PHONE, { width: 1080, height: 1920 }, { width: 1920, height: 1080 }]) {
        await page.setViewportSize(viewport);
        await page.goto("/search?q=suicide");
        await page.getByTestId("results-heading").waitFor();
        const where = { locale, ...viewport };
        expect({ ...where, lines: await linesInView(page) }).toEqual({ ...where, lines: ALL });
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        expect({ ...where, scrolled: await linesInView(page) }).toEqual({ ...where, scrolled: ALL });
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
    });
  }

  for (const [lang, locale] of [
    ["en", "en-CA"],
    ["fr", "fr-CA"],
  ] as const) {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      it(`home page in ${lang} on a ${size}: screenshot, no serious accessibility problem`, async () => {
        const page = await app.newPage({ locale, viewport });
        await turnOnKiosk(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await smallTargets(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `kiosk-home-${lang}-${size}`);
      });
    }
  }
});
