import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
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
