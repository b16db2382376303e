/**
 * Where the directory covers (issue 26 §7), in Chromium against the real server with the default
 * services (all local ones in and around Kingston): the home and search pages name the area, and a
 * person elsewhere (a place their search names, or their "near me" position) gets the lines that
 * work anywhere in Canada first, online and offline. Screenshots at phone and desktop sizes in
 * English and French; axe without serious violations.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { readServices } from "./helpers/idb";

const SHOTS = "/tmp/shots-people";
const SLOW = { timeout: 20_000 };
const SASKATOON = { latitude: 52.13, longitude: -106.67 };
const NOTE = { en: "Kingston and area (Ontario)", fr: "Kingston et les environs (Ontario)" };
let app: BrowserApp;
let national: string[];
let local: Set<string>;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startBrowserApp({ demo: true });
  const area = (await (await fetch(`${app.baseUrl}/api/v1/coverage`)).json()).data;
  expect(area).toMatchObject({ city: "Kingston", province: "ON" });
  national = area.national;
  const all = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=500`)).json()).data as Array<{
    id: string;
    scope: string;
  }>;
  local = new Set(all.filter((s) => s.scope === "local").map((s) => s.id));
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const resultIds = (page: Page) =>
  page
    .locator("main ol.results > li h3 a")
    .evaluateAll((links) =>
      links.map((a) => decodeURIComponent((a as HTMLAnchorElement).pathname.split("/").pop() ?? "")),
    );

describe("the area the directory covers", () => {
  it("is named on the home and search pages, in both languages", async () => {
    for (const lang of ["en", "fr"] as const)
      for (const [size, viewport] of [
        ["phone", PHONE],
        ["desktop", DESKTOP],
      ] as const) {
        const page = await app.newPage({ viewport, locale: lang === "fr" ? "fr-CA" : "en-CA" });
        await page.goto("/");
        await expect
          .poll(() => page.locator("[data-testid=coverage-note]").textContent(), SLOW)
          .toContain(NOTE[lang]);
        await page.screenshot({ path: `${SHOTS}/coverage-home-${lang}-${size}.png` });
        expect(await seriousViolations(page)).toEqual([]);
        await page.goto("/search");
        await expect
          .poll(() => page.locator("[data-testid=coverage-note]").textContent(), SLOW)
          .toContain(NOTE[lang]);
        await page.context().close();
      }
  }, 180_000);

  it("leads with the lines for all of Canada for a place the search names outside it", async () => {
    for (const lang of ["en", "fr"] as const) {
      const page = await app.newPage({ viewport: PHONE, locale: lang === "fr" ? "fr-CA" : "en-CA" });
      const query = lang === "fr" ? "banque alimentaire saskatoon" : "food bank saskatoon";
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      const box = page.locator("[data-testid=outside-area]");
      await box.waitFor(SLOW);
      expect(await box.locator("h2").textContent()).toContain("Saskatoon");
      expect(await box.locator('a[href="tel:211"]').count()).toBe(1);
      expect(await box.locator('a[href="tel:811"]').count()).toBe(1);
      expect(await box.locator('a[href="tel:988"]').count()).toBe(1);
      const ids = await resultIds(page);
      expect(ids.length).toBeGreaterThan(0);
      // No far-away local service before a line for all of Canada.
      const firstLocal = ids.findIndex((id) => local.has(id));
      const lastNational = Math.max(...ids.map((id, i) => (national.includes(id) ? i : -1)));
      expect(national).toContain(ids[0]);
      if (firstLocal >= 0) expect(firstLocal).toBeGreaterThan(lastNational);
      await page.screenshot({ path: `${SHOTS}/coverage-outside-${lang}-phone.png` });
      await page.setViewportSize(DESKTOP);
      await page.screenshot({ path: `${SHOTS}/coverage-outside-${lang}-desktop.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    }
    // Inside the area nothing changes: a Kingston search shows no such box.
    const inside = await app.newPage();
    await inside.goto("/search?q=food%20bank%20kingston");
    await inside.locator("main ol.results > li").first().waitFor(SLOW);
    expect(await inside.locator("[data-testid=outside-area]").count()).toBe(0);
    await inside.context().close();
  }, 180_000);

  it("does the same for a 'near me' position outside it, and offline", async () => {
    const page = await app.newPage({ viewport: PHONE, geolocation: SASKATOON });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    // The device's copy of the directory, for the offline search below.
    await expect
      .poll(async () => (await readServices(page)).length, { timeout: 60_000 })
      .toBeGreaterThan(100);
    await page.goto("/search?q=food&near=1");
    await page.locator("[data-testid=outside-area]").waitFor(SLOW);
    expect(await page.locator("[data-testid=outside-area] h2").textContent()).toContain("outside the area");
    expect(national).toContain((await resultIds(page))[0]);

    await page.context().setOffline(true);
    await page.goto("/search?q=food%20bank%20saskatoon");
    await page.locator("[data-testid=from-device]").waitFor(SLOW);
    await page.locator("[data-testid=outside-area]").waitFor(SLOW);
    expect(await page.locator("[data-testid=coverage-note]").textContent()).toContain(NOTE.en);
    const ids = await resultIds(page);
    expect(national).toContain(ids[0]);
    await page.screenshot({ path: `${SHOTS}/coverage-outside-offline-en-phone.png` });
    await page.context().setOffline(false);
  }, 180_000);
});
