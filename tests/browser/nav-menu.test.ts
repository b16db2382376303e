// The main navigation on a phone: collapsed behind a "Menu" disclosure button so the header stays
// about two rows tall even in French, opened and closed from the keyboard (Escape gives focus
// back to the button), closed after navigating, the current page still marked; unchanged on a
// desktop. EN and FR, axe and screenshots.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { saveScreenshot } from "./helpers/screenshots";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

const WORDS = {
  "en-CA": { menu: "Menu", links: ["Home", "Directory", "Wait times", "Archive", "Partners", "Settings"] },
  "fr-CA": {
    menu: "Menu",
    links: ["Accueil", "Répertoire", "Temps d’attente", "Archives", "Partenaires", "Paramètres"],
  },
} as const;

const headerHeight = (page: Page) =>
  page.locator(".site-header").evaluate((el) => el.getBoundingClientRect().height);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
const mainNav = (page: Page) => page.getByRole("navigation", { name: /^(Main|Principale)$/ });
const visibleLinks = (page: Page) => mainNav(page).getByRole("link").allTextContents();

for (const locale of ["en-CA", "fr-CA"] as const) {
  const words = WORDS[locale];
  const tag = locale.slice(0, 2);

  describe(`main navigation on a phone (${locale})`, () => {
    it("is collapsed behind a Menu button, in a header about two rows tall", async () => {
      const page = await app.newPage({ viewport: PHONE, locale });
      await page.goto("/search");
      const toggle = page.getByRole("button", { name: words.menu });
      await toggle.waitFor();
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await visibleLinks(page)).toEqual([]);
      // Two rows of 44 px targets with their spacing; the three wrapped rows took 196 px.
      expect(await headerHeight(page)).toBeLessThanOrEqual(120);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `nav-phone-closed-${tag}`);
    });

    it("opens and closes from the keyboard and keeps the current page marked", async () => {
      const page = await app.newPage({ viewport: PHONE, locale });
      await page.goto("/search");
      const toggle = page.getByRole("button", { name: words.menu });
      await toggle.focus();
      await page.keyboard.press("Enter");
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await visibleLinks(page)).toEqual(words.links);
      const current = mainNav(page).locator("a[aria-current=page]");
      expect(await current.textContent()).toBe(words.links[1]);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `nav-phone-open-${tag}`);

      await page.keyboard.press("Tab");
      expect(await focusedText(page)).toBe(words.links[0]);
      await page.keyboard.press("Escape");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await visibleLinks(page)).toEqual([]);
      expect(await focusedText(page)).toBe(words.menu);

      // Space opens it too; following a link navigates and closes the menu.
      await page.keyboard.press("Space");
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
      expect(await focusedText(page)).toBe(words.links[5]);
      await page.keyboard.press("Enter");
      await page.waitForURL("**/settings");
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await visibleLinks(page)).toEqual([]);
      await toggle.click();
      expect(await current.textContent()).toBe(words.links[5]);
    });
  });

  describe(`main navigation on a desktop (${locale})`, () => {
    it("shows every link in one row, without a Menu button", async () => {
      const page = await app.newPage({ viewport: DESKTOP, locale });
      await page.goto("/search");
      await mainNav(page).getByRole("link").first().waitFor();
      expect(await page.getByRole("button", { name: words.menu }).count()).toBe(0);
      expect(await visibleLinks(page)).toEqual(words.links);
      const tops = await mainNav(page)
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `nav-desktop-${tag}`);
    });
  });
}
