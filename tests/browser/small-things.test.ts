/**
 * Small things people noticed (issue 26 §9), in Chromium against the real server with the demo
 * data: the archive's "Filters" shows a disclosure marker that turns when opened; hospital picker
 * entries name the city once; on French pages an organization's English name carries lang="en".
 * Screenshots at phone and desktop sizes in both languages; axe without serious violations.
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
const SIZES = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;
let app: BrowserApp;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startBrowserApp({ demo: true, serviceWorker: false });
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const open = (lang: "en" | "fr", viewport: { width: number; height: number }) =>
  app.newPage({ viewport, locale: lang === "fr" ? "fr-CA" : "en-CA" });

/** The marker drawn before the summary: its size, and the turn it is given. */
const marker = (page: Page) =>
  page.locator(".archive-filters-fold > summary").evaluate((summary) => {
    const style = getComputedStyle(summary, "::before");
    return {
      drawn: style.content !== "none" && style.content !== "normal",
      width: Number.parseFloat(style.width) + Number.parseFloat(style.borderRightWidth),
      transform: style.transform,
      // A native <details> tells assistive technology whether it is open.
      listItem: getComputedStyle(summary).display === "list-item",
    };
  });

describe("small things", () => {
  it("the archive's Filters has a disclosure marker that turns when opened", async () => {
    for (const lang of ["en", "fr"] as const)
      for (const [size, viewport] of SIZES) {
        const page = await open(lang, viewport);
        await page.goto("/archive");
        await page.locator(".archive-filters-fold > summary").waitFor(SLOW);
        const closed = await marker(page);
        expect(closed.listItem || (closed.drawn && closed.width > 4)).toBe(true);
        await page.locator(".archive-filters-fold > summary").click();
        const opened = await marker(page);
        if (!closed.listItem) expect(opened.transform).not.toBe(closed.transform);
        await page
          .locator(".archive-filters-fold")
          .screenshot({ path: `${SHOTS}/archive-filters-${lang}-${size}.png` });
        expect(await seriousViolations(page)).toEqual([]);
        await page.context().close();
      }
  }, 120_000);

  it("hospital picker entries name the city once", async () => {
    const page = await open("en", DESKTOP);
    await page.goto("/waits/compare");
    await expect.poll(() => page.locator("#compare-a option").count(), SLOW).toBeGreaterThan(20);
    const labels = await page.locator("#compare-a option").allTextContents();
    const repeated = labels.filter((l) => /\(([^()]+)\)\s*\(\1\)/.test(l));
    expect(repeated).toEqual([]);
    expect(labels.some((l) => /Petrolia/.test(l))).toBe(true);
    await page.context().close();
  }, 60_000);

  it("on French pages an organization's English name is marked lang=en", async () => {
    for (const [size, viewport] of SIZES) {
      const page = await open("fr", viewport);
      await page.goto("/services/crisis-telehealth-ontario");
      const by = page.locator("main p.muted:visible", { hasText: "Offert par" });
      await by.waitFor(SLOW);
      expect(await by.locator("span[lang=en]").textContent()).toBe("Health811 (formerly Telehealth Ontario)");
      // No text of the page that the organization wrote in English is left unmarked.
      const unmarked = await page.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(
          document.querySelector("main") as Node,
          NodeFilter.SHOW_TEXT,
        );
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = n.textContent ?? "";
          if (
            /formerly|Toll Free/.test(text) &&
            n.parentElement?.closest("[lang]")?.getAttribute("lang") !== "en"
          )
            found.push(text);
        }
        return found;
      });
      expect(unmarked).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/service-offered-by-fr-${size}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto("/search?q=ligne%20de%20crise%20kingston");
      await page.locator("main li.card.service").first().waitFor(SLOW);
      const results = await page.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(
          document.querySelector("main") as Node,
          NodeFilter.SHOW_TEXT,
        );
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = n.textContent ?? "";
          if (
            /formerly|Toll Free/.test(text) &&
            n.parentElement?.closest("[lang]")?.getAttribute("lang") !== "en"
          )
            found.push(text);
        }
        return found;
      });
      expect(results).toEqual([]);
      // Each card's "Site Web" link names its service, so a list of the page's links tells them apart.
      const websites = await page
        .locator("main li.card.service a[target=_blank]")
        .evaluateAll((links) => links.map((a) => a.textContent ?? ""));
      expect(websites.length).toBeGreaterThan(1);
      expect(new Set(websites).size).toBe(websites.length);
      for (const name of websites) expect(name).toMatch(/^Site Web de .+, s’ouvre dans un nouvel onglet$/);
      await page.context().close();
    }
  }, 120_000);

  it("a search nothing matched suggests the directory's nearest words, online and offline", async () => {
    const page = await app.newPage({ viewport: PHONE, serviceWorker: true });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await expect
      .poll(async () => (await readServices(page)).length, { timeout: 60_000 })
      .toBeGreaterThan(100);
    await page.goto("/search?q=shxltxr");
    const nearest = page.locator("[data-testid=nearest-words]");
    await nearest.waitFor(SLOW);
    expect(await nearest.locator("a").allTextContents()).toContain("shelter");
    await page.screenshot({ path: `${SHOTS}/nearest-words-en-phone.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().setOffline(true);
    await page.goto("/search?q=sheltrrrr");
    await page.locator("[data-testid=from-device]").waitFor(SLOW);
    await nearest.waitFor(SLOW);
    expect(await nearest.locator("a").allTextContents()).toContain("shelter");
    await nearest.locator("a", { hasText: "shelter" }).click();
    await page.locator("main ol.results > li").first().waitFor(SLOW);
    expect(await page.locator("[data-testid=nearest-words]").count()).toBe(0);
    await page.context().setOffline(false);
    await page.context().close();
  }, 180_000);
});
