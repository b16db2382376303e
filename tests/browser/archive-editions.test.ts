/**
 * The annual editions page (/archive/editions) in Chromium against the real server: each edition
 * with its source's name, its state in words, how much of the year it holds, and, once its pages
 * can be searched, the download of the whole edition as a WACZ file; in English and French, at
 * phone and desktop sizes, without a serious accessibility problem.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshEdition } from "../../server/archive/editions/refresh";
import { seedEdition } from "../helpers/archive/edition-fixture";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { turnOnKiosk } from "./helpers/kiosk";
import { saveScreenshot } from "./helpers/screenshots";

let app: BrowserApp;
let editionId: number;
beforeAll(async () => {
  app = await startBrowserApp({ env: { ARCHIVE_DEMO_CRAWL: "0" }, serviceWorker: false });
  const store = app.server.contexts.get("archive")!.store;
  ({ editionId } = await seedEdition(store, app.server.dataDir, { year: 2026, shards: 1, pages: 4 }));
  // Judged as the server does when a job ends: its one shard is indexed, so it can be searched.
  await refreshEdition(store, app.server.dataDir, editionId, new Date().toISOString());
  // Next year's, planned and not started.
  await store.write((tx) =>
    tx.run(
      `INSERT INTO annual_editions (source_id, year, status, search_ready, research_ready, intended_url_count,
         captured_url_count, failed_url_count, excluded_url_count, created_at, updated_at)
       VALUES ((SELECT id FROM sources WHERE code = 'demo'), 2027, 'planned', 0, 0, 120, 0, 0, 0, ?, ?)`,
      [new Date().toISOString(), new Date().toISOString()],
    ),
  );
}, 120_000);
afterAll(() => app?.close());

describe("annual editions page", () => {
  for (const [lang, locale, viewport] of [
    ["en", "en-CA", PHONE],
    ["fr", "fr-CA", DESKTOP],
  ] as const) {
    it(`lists each edition with its state and the download once searchable (${lang})`, async () => {
      const api = (await (await fetch(`${app.baseUrl}/api/editions`)).json()).editions as {
        id: number;
        year: number;
        status: string;
        searchReady: boolean;
      }[];
      const page = await app.newPage({ viewport, locale });
      await page.goto("/archive");
      await page
        .getByRole("link", { name: lang === "fr" ? "Éditions annuelles" : "Annual editions" })
        .click();
      await page.waitForURL(/\/archive\/editions$/);
      const cards = page.locator(".edition");
      await expect.poll(() => cards.count()).toBe(api.length);
      // Newest year first, named by the source's name, not its code.
      const titles = await page.locator(".edition h3").allTextContents();
      expect(titles[0]).toMatch(/, 2027$/);
      expect(titles.join(" ")).not.toMatch(/\bdemo\b|\bDEMO\b/);

      const planned = cards.filter({ hasText: "2027" });
      expect(await planned.textContent()).toContain(
        lang === "fr"
          ? "Prévue\u00a0: la collecte n’a pas commencé"
          : "Planned: its collection has not started",
      );
      expect(await planned.textContent()).toContain(lang === "fr" ? "0 des 120 pages" : "0 of the 120 pages");
      expect(await planned.locator("a[download]").count()).toBe(0);

      const seeded = api.find((e) => e.id === editionId)!;
      const current = cards.filter({ hasText: "2026" });
      expect(seeded).toMatchObject({ status: "search_ready", searchReady: true });
      expect(await current.textContent()).toContain(lang === "fr" ? "Consultable" : "Searchable");
      const link = current.locator("a[download]");
      expect(await link.textContent()).toBe(
        lang === "fr" ? "Télécharger l’édition 2026 (fichier WACZ)" : "Download the 2026 edition (WACZ file)",
      );
      const href = (await link.getAttribute("href")) as string;
      expect(href).toBe(`/api/exports/editions/${editionId}.wacz`);
      const wacz = await page.request.get(href);
      expect(wacz.status()).toBe(200);
      expect(wacz.headers()["content-type"]).toContain("wacz");
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `archive-editions-${lang}`, { fullPage: false });
    });
  }

  it("on a kiosk, neither offers nor promises a download", async () => {
    // A file saved on a shared screen would outlive the visit, and the visitor cannot take it home.
    const page = await app.newPage({ viewport: PHONE, locale: "en-CA" });
    await turnOnKiosk(page);
    await page.goto("/archive/editions");
    await expect.poll(() => page.locator(".edition").count()).toBeGreaterThan(1);
    expect(await page.locator("a[download]").count()).toBe(0);
    const words = await page.locator("main").textContent();
    expect(words).not.toMatch(/download/i);
    expect(words).toContain("Searchable");
  });
});
