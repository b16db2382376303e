import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { DESKTOP } from "./helpers/browser";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

const focused = (page: import("playwright-core").Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase(),
      text: el?.textContent?.trim(),
      id: el?.id,
      nav: !!el?.closest("nav"),
    };
  });

describe("keyboard", () => {
  it("reaches the skip link first, and it moves focus to the main content", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/settings");
    await page.locator("h1").waitFor();
    await page.keyboard.press("Tab");
    const first = await focused(page);
    expect(first).toMatchObject({ tag: "a", text: "Skip to main content" });
    expect(await page.locator(".skip-link").isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focused(page)).id).toBe("main");
    expect(new URL(page.url()).pathname).toBe("/settings");
  });

  it("reaches every main navigation link with Tab, with a visible focus ring", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/");
    await page.locator("h1").waitFor();
    const navTexts: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const f = await focused(page);
      if (f.nav && f.text) navTexts.push(f.text);
      if (f.nav) {
        const ring = await page.evaluate(
          () => getComputedStyle(document.activeElement as Element).outlineStyle,
        );
        expect(ring).toBe("solid");
      }
    }
    expect(navTexts).toEqual(["Home", "Directory", "Wait times", "Archive", "Partners", "Settings"]);
  });

  it("moves focus to the main content after following a navigation link with the keyboard", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/");
    await page.locator("h1").waitFor();
    await page.getByRole("navigation").getByRole("link", { name: "Settings" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Settings");
    await expect.poll(async () => (await focused(page)).id).toBe("main");
  });
});
