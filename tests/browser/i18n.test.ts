import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

const heading = (page: import("playwright-core").Page) => page.locator("h1").textContent();
const htmlLang = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.lang);

describe("language", () => {
  it("follows the browser language when nothing is stored", async () => {
    const fr = await app.newPage({ locale: "fr-CA" });
    await fr.goto("/");
    await expect.poll(() => heading(fr)).toBe("Trouver de l’aide et de l’information en santé");
    expect(await htmlLang(fr)).toBe("fr");
    const en = await app.newPage({ locale: "en-CA" });
    await en.goto("/");
    await expect.poll(() => heading(en)).toBe("Find help and health information");
    expect(await htmlLang(en)).toBe("en");
  });

  it("switches the visible strings and <html lang>, and keeps the choice across reloads", async () => {
    const page = await app.newPage({ locale: "en-CA" });
    await page.goto("/settings");
    await expect.poll(() => heading(page)).toBe("Settings");
    await page.getByRole("button", { name: "Français" }).click();
    await expect.poll(() => heading(page)).toBe("Paramètres");
    expect(await htmlLang(page)).toBe("fr");
    expect(await page.title()).toBe("Paramètres · Santé communautaire Canada");
    // On a phone the links are behind the Menu button.
    await page.getByRole("button", { name: "Menu" }).click();
    expect(await page.getByRole("navigation").getByRole("link", { name: "Accueil" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Français" }).getAttribute("aria-pressed")).toBe("true");

    await page.reload();
    await expect.poll(() => heading(page)).toBe("Paramètres");
    expect(await htmlLang(page)).toBe("fr");

    await page.getByRole("radio", { name: "English" }).check();
    await expect.poll(() => heading(page)).toBe("Settings");
    expect(await htmlLang(page)).toBe("en");
  });
});

describe("French messages on the network", () => {
  // English comes with the app; French is a chunk of its own (assets/fr-….js).
  const isFrench = (url: string) => /\/assets\/fr-[\w-]+\.js$/.test(url);
  const requestsOfFrench = (page: Page) => {
    const seen: string[] = [];
    page.on("request", (request) => {
      if (isFrench(request.url())) seen.push(request.url());
    });
    return seen;
  };

  it("is not loaded on an English first visit; switching loads it and shows no key meanwhile", async () => {
    const page = await app.newPage({ locale: "en-CA" });
    const french = requestsOfFrench(page);
    await page.goto("/");
    await expect.poll(() => heading(page)).toBe("Find help and health information");
    await page.waitForLoadState("networkidle");
    expect(french).toEqual([]);

    // Held: until the French messages arrive the page stays whole in English.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/fr-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Français" }).click();
    await expect.poll(() => french.length).toBe(1);
    expect(await heading(page)).toBe("Find help and health information");
    expect(await htmlLang(page)).toBe("en");
    expect(await page.locator("body").textContent()).not.toMatch(/\b(home|nav|app|lang)\.[a-z]/);
    release();
    await expect.poll(() => heading(page)).toBe("Trouver de l’aide et de l’information en santé");
    expect(await htmlLang(page)).toBe("fr");
    expect(await page.getByRole("button", { name: "Français" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("draws a French first visit in French from its first paint", async () => {
    const page = await app.newPage({ locale: "fr-CA" });
    const french = requestsOfFrench(page);
    // Every text node the page ever shows, recorded from the first one: none is English or a key.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
      new MutationObserver(() => {
        const h1 = document.querySelector("h1")?.textContent;
        if (h1 && seen.at(-1) !== h1) seen.push(h1);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("/");
    await expect.poll(() => heading(page)).toBe("Trouver de l’aide et de l’information en santé");
    expect(french).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings)).toEqual(
      ["Trouver de l’aide et de l’information en santé"],
    );
    await page.getByRole("button", { name: "English" }).click();
    await expect.poll(() => heading(page)).toBe("Find help and health information");
  });
});
