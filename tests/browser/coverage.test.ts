/**
 * Where the directory covers (issue 26 §7), in Chromium against the real server with the default
 * services (all local ones in and around Kingston): the home and search pages name the area, and a
 * person elsewhere (a place their search names, or their "near me" position) gets the lines that
 * work anywhere in Canada first, online and offline. Screenshots at phone and desktop sizes in
 * English and French; axe without serious violations. On a phone (390×844) the box's first number
 * is on the first screen, above the filters and the result count, and leaves the crisis actions
 * there too when a search is both a crisis and elsewhere.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { readServices } from "./helpers/idb";

const SHOTS = "/tmp/shots-coverbox";
const SLOW = { timeout: 20_000 };
const SASKATOON = { latitude: 52.13, longitude: -106.67 };
const NOTE = { en: "Kingston and area (Ontario)", fr: "Kingston et les environs (Ontario)" };
let app: BrowserApp;
let national: string[];
let local: Set<string>;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startBrowserApp({ demo: true, serviceWorker: false });
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

/**
 * The box's first tappable number is seen without scrolling within the phone's 844 px, above the
 * filters and the result count (where the box used to sit, just below the first screen).
 */
async function expectFirstNumberOnFirstScreen(page: Page, label: string): Promise<void> {
  const box = page.locator("[data-testid=outside-area]");
  await box.waitFor(SLOW);
  await page.locator("[data-testid=results-heading]").waitFor(SLOW);
  expect(await page.evaluate(() => window.scrollY), label).toBe(0);
  const first = await box.locator('a[href^="tel:"]').first().boundingBox();
  const filters = await page.locator(".filters").boundingBox();
  const count = await page.locator("[data-testid=results-heading]").boundingBox();
  if (!first || !filters || !count) throw new Error(`${label}: no number, filters or result count drawn`);
  const bottom = first.y + first.height;
  expect(bottom, `${label}: first number's bottom`).toBeLessThanOrEqual(PHONE.height);
  expect(bottom, `${label}: above the filters`).toBeLessThanOrEqual(filters.y);
  expect(bottom, `${label}: above the result count`).toBeLessThanOrEqual(count.y);
  expect(first.height, `${label}: a finger's target`).toBeGreaterThanOrEqual(44);
}

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
      await expectFirstNumberOnFirstScreen(page, `${lang} online`);
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
    const page = await app.newPage({ viewport: PHONE, geolocation: SASKATOON, serviceWorker: true });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    // The device's copy of the directory, for the offline search below.
    await expect
      .poll(async () => (await readServices(page)).length, { timeout: 60_000 })
      .toBeGreaterThan(100);
    await page.goto("/search?q=food&near=1");
    await page.locator("[data-testid=outside-area]").waitFor(SLOW);
    expect(await page.locator("[data-testid=outside-area] h2").textContent()).toContain("outside the area");
    await expectFirstNumberOnFirstScreen(page, "en near me");
    expect(national).toContain((await resultIds(page))[0]);

    await page.context().setOffline(true);
    await page.goto("/search?q=food%20bank%20saskatoon");
    await page.locator("[data-testid=from-device]").waitFor(SLOW);
    await page.locator("[data-testid=outside-area]").waitFor(SLOW);
    // The box names the area in place of the note, which would push its numbers down.
    expect(await page.locator("[data-testid=outside-area]").textContent()).toContain(NOTE.en);
    const ids = await resultIds(page);
    expect(national).toContain(ids[0]);
    await expectFirstNumberOnFirstScreen(page, "en offline");
    await page.screenshot({ path: `${SHOTS}/coverage-outside-offline-en-phone.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().setOffline(false);

    await page.context().close();

    // French, offline, once the device holds the directory.
    const frPage = await app.newPage({ viewport: PHONE, locale: "fr-CA", serviceWorker: true });
    await frPage.goto("/");
    await waitForServiceWorkerControl(frPage);
    await expect
      .poll(async () => (await readServices(frPage)).length, { timeout: 60_000 })
      .toBeGreaterThan(100);
    await frPage.context().setOffline(true);
    await frPage.goto(`/search?q=${encodeURIComponent("banque alimentaire saskatoon")}`);
    await frPage.locator("[data-testid=from-device]").waitFor(SLOW);
    await expectFirstNumberOnFirstScreen(frPage, "fr offline");
    await frPage.screenshot({ path: `${SHOTS}/coverage-outside-offline-fr-phone.png` });
    expect(await seriousViolations(frPage)).toEqual([]);
    await frPage.context().close();
  }, 180_000);

  it("keeps the crisis actions on the first screen when a crisis search names a place outside it", async () => {
    for (const [lang, query] of [
      ["en", "suicide saskatoon"],
      ["fr", "suicide saskatoon"],
    ] as const) {
      const page = await app.newPage({ viewport: PHONE, locale: lang === "fr" ? "fr-CA" : "en-CA" });
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      const crisis = page.locator("[data-testid=crisis-actions]");
      await crisis.waitFor(SLOW);
      await expectFirstNumberOnFirstScreen(page, `${lang} crisis elsewhere`);
      for (const href of ["tel:911", "tel:988", "sms:988"]) {
        const link = await crisis.locator(`a[href="${href}"]`).boundingBox();
        if (!link) throw new Error(`${lang}: ${href} is not drawn`);
        expect(link.y + link.height, `${lang} crisis ${href}`).toBeLessThanOrEqual(PHONE.height);
      }
      // The crisis actions come first: the box follows them.
      const crisisBox = await crisis.boundingBox();
      const outside = await page.locator("[data-testid=outside-area]").boundingBox();
      if (!crisisBox || !outside) throw new Error(`${lang}: crisis block or box not drawn`);
      expect(outside.y, lang).toBeGreaterThanOrEqual(crisisBox.y + crisisBox.height);
      await page.screenshot({ path: `${SHOTS}/coverage-crisis-outside-${lang}-phone.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    }
  }, 180_000);
});
