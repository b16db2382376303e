// Offline: the latest values and the last viewed charts come from Dexie with their age ("as of"),
// a period never viewed says so, and only the most recently viewed series are kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP } from "./helpers/browser";
import { addRows, readStore } from "./helpers/idb";
import { saveScreenshot } from "./helpers/screenshots";
import { api, chartPoints, drawnPixels } from "./waits-helpers";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true });
});
afterAll(async () => {
  await app?.close();
});

interface SavedSeries {
  hospitalId: string;
  period: string;
  fetchedAt: string;
  viewedAt: string;
  trends: { dataPoints: unknown[] };
}
const hospitalsOf = async (province: string) =>
  (
    await api<{ data: Array<{ id: string; name: string; cadence_seconds: number }> }>(
      app,
      `/api/hospitals?province=${province}`,
    )
  ).data;

describe("wait times offline", () => {
  it("shows the last viewed chart and the latest values offline, as of when they were fetched", async () => {
    const [bc] = await hospitalsOf("BC");
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/waits?province=BC");
    await waitForServiceWorkerControl(page);
    await page.locator("[data-testid=latest-figure]").first().waitFor();
    const figures = await page.locator("[data-testid=latest-figure]").allTextContents();

    await page.getByRole("link", { name: bc.name, exact: true }).click();
    await page.getByRole("link", { name: "30 days", exact: true }).click();
    await page.waitForURL(`**/waits/${bc.id}?period=30d`);
    const online = await chartPoints(page, ".trend-chart");
    expect(online).toBeGreaterThan(0);
    expect(await page.locator("[data-testid=as-of]").count()).toBe(0);
    await expect
      .poll(async () => (await readStore<SavedSeries>(page, "trendSeries")).find((s) => s.period === "30d"))
      .toBeDefined();
    const saved = (await readStore<SavedSeries>(page, "trendSeries")).find((s) => s.period === "30d")!;
    expect(saved.hospitalId).toBe(bc.id);
    expect(saved.trends.dataPoints.length).toBe(online);

    await page.context().setOffline(true);
    await page.reload();
    const asOf = page.locator("[data-testid=as-of]");
    await asOf.waitFor();
    // Node and Chromium may space "1:58 PM" differently (narrow no-break space): compare words.
    const words = (s: string | null) => (s ?? "").replace(/\s+/g, " ");
    const when = new Date(saved.fetchedAt).toLocaleString("en", { dateStyle: "long", timeStyle: "short" });
    expect(words(await asOf.textContent())).toBe(
      words(`Offline: figures saved on this device, as of ${when}.`),
    );
    expect(await chartPoints(page, ".trend-chart")).toBe(online);
    expect(await drawnPixels(page, ".trend-chart")).toBeGreaterThan(500);
    // The methodology sentence still has its cadence: the hospital's facts were saved with its province.
    expect(await page.locator("[data-testid=methodology-sentence]").textContent()).toMatch(
      new RegExp(`updated about every ${bc.cadence_seconds / 60} minutes\\.$`),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "waits-offline-hospital-en-desktop");

    // A period never viewed on this device cannot be shown, and the page says why.
    await page.getByRole("link", { name: "90 days", exact: true }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toBe(
      "This period has not been viewed on this device, so it cannot be shown offline.",
    );

    // The province list keeps its latest values, with the date of the saved copy.
    await page.goto("/waits?province=BC");
    await expect.poll(() => page.locator("[data-testid=latest-figure]").allTextContents()).toEqual(figures);
    expect(await page.locator("[data-testid=hospital-count]").textContent()).toContain(
      "saved on this device on",
    );
    await page.context().setOffline(false);
  });

  it("says 'as of' in French too", async () => {
    const [ab] = await hospitalsOf("AB");
    const page = await app.newPage({ locale: "fr-CA" });
    await page.goto(`/waits/${ab.id}?period=7d`);
    await waitForServiceWorkerControl(page);
    await page.locator(".trend-chart canvas").waitFor();
    await expect.poll(async () => (await readStore<SavedSeries>(page, "trendSeries")).length).toBe(1);
    await page.context().setOffline(true);
    await page.reload();
    await page.locator("[data-testid=as-of]").waitFor();
    expect(await page.locator("[data-testid=as-of]").textContent()).toMatch(
      /^Hors ligne : chiffres enregistrés sur cet appareil, en date du .+\.$/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "waits-offline-hospital-fr-phone");
    await page.context().setOffline(false);
  });

  it("keeps only the 30 most recently viewed series", async () => {
    const [qc] = await hospitalsOf("QC");
    const page = await app.newPage();
    await page.goto(`/waits/${qc.id}?period=24h`);
    await page.locator(".trend-chart canvas").waitFor();
    await expect.poll(async () => (await readStore<SavedSeries>(page, "trendSeries")).length).toBe(1);
    // 35 older views of other hospitals, as a device that has browsed a lot would hold.
    const old = Array.from({ length: 35 }, (_, i) => ({
      hospitalId: `old-${String(i).padStart(2, "0")}`,
      period: "7d",
      trends: { dataPoints: [] },
      fetchedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      viewedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    }));
    await addRows(page, "trendSeries", old);
    await page.getByRole("link", { name: "30 days", exact: true }).click();
    await page.locator(".trend-chart canvas").waitFor();
    await expect.poll(async () => (await readStore<SavedSeries>(page, "trendSeries")).length).toBe(30);
    const kept = await readStore<SavedSeries>(page, "trendSeries");
    const ids = kept.map((s) => `${s.hospitalId}/${s.period}`);
    expect(ids).toContain(`${qc.id}/24h`);
    expect(ids).toContain(`${qc.id}/30d`);
    // The 7 oldest views went first.
    for (let i = 0; i < 7; i++) expect(ids).not.toContain(`old-${String(i).padStart(2, "0")}/7d`);
    expect(ids).toContain("old-07/7d");
  });

  it("upgrades a device's version-1 database to version 2 without losing its rows", async () => {
    const [on] = await hospitalsOf("ON");
    const page = await app.newPage();
    // A same-origin page that is not the app, to lay down the database as version 1 left it
    // (Dexie stores version n as IndexedDB version n * 10).
    await page.goto("/api/hospitals?province=ON");
    await page.evaluate(
      (hospital) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open("community-health", 10);
          open.onupgradeneeded = () => {
            const db = open.result;
            const services = db.createObjectStore("services", { keyPath: "id" });
            for (const i of ["organizationId", "category", "updatedAt"]) services.createIndex(i, i);
            db.createObjectStore("organizations", { keyPath: "id" }).createIndex("name", "name");
            const locations = db.createObjectStore("locations", { keyPath: "id" });
            for (const i of ["serviceId", "city"]) locations.createIndex(i, i);
            const hospitals = db.createObjectStore("hospitals", { keyPath: "id" });
            hospitals.createIndex("province", "province");
            hospitals.createIndex("[province+name]", ["province", "name"]);
            db.createObjectStore("latestWaits", { keyPath: "hospitalId" }).createIndex(
              "observedAt",
              "observedAt",
            );
            db.createObjectStore("syncState", { keyPath: "scope" });
            db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true }).createIndex(
              "createdAt",
              "createdAt",
            );
          };
          open.onsuccess = () => {
            const tx = open.result.transaction("hospitals", "readwrite");
            tx.objectStore("hospitals").put({ ...hospital, fetchedAt: "2026-01-01T00:00:00.000Z" });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
          open.onerror = () => reject(open.error);
        }),
      on,
    );
    await page.goto(`/waits/${on.id}?period=1y`);
    await page.locator(".trend-chart canvas").waitFor();
    await expect.poll(async () => (await readStore<SavedSeries>(page, "trendSeries")).length).toBe(1);
    const version = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open("community-health");
          open.onsuccess = () => {
            resolve(open.result.version);
            open.result.close();
          };
        }),
    );
    expect(version).toBe(20);
    const kept = await readStore<{ id: string; fetchedAt: string }>(page, "hospitals");
    expect(kept.find((h) => h.id === on.id)?.fetchedAt).toBe("2026-01-01T00:00:00.000Z");
    // The saved row gives the way back to the province list.
    await page.getByRole("link", { name: "All hospitals in Ontario" }).waitFor();
  });
});
