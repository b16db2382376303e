// Offline: the list, a hospital's latest figure and methodology, and the compare brief work on
// first use (the registry is saved by the background sync); the last viewed charts come from
// Dexie with their age ("as of"); a period never viewed falls back to the nearest saved one, and
// only the most recently viewed series are kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comparison } from "../../shared/waittimes/schemas";
import { formatWait } from "../../web/data/waittimes/formatWait";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP } from "./helpers/browser";
import { addRows, lastSavedAt, putRows, readStore } from "./helpers/idb";
import { saveScreenshot } from "./helpers/screenshots";
import { api, chartPoints, drawnPixels, expectedExplanation } from "./helpers/waits";

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
  it("works offline on first use: the list, a hospital's latest figure and methodology, and Compare", async () => {
    const qc = await hospitalsOf("QC");
    const [on] = await hospitalsOf("ON");
    const withLatest = (
      await api<{ data: Array<{ id: string; latest: { value: number; observed_at: string } | null }> }>(
        app,
        "/api/hospitals?include=latest",
      )
    ).data;
    const brief = async (lang: "en" | "fr") =>
      expectedExplanation(
        await api<Comparison>(app, `/api/compare?a=${on.id}&b=${qc[0].id}&lang=${lang}`),
        lang,
      ).list;
    const [briefEn, briefFr] = [await brief("en"), await brief("fr")];

    // Only the home page is opened online; the background sync saves the registry.
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await expect.poll(() => lastSavedAt(page, "waits"), { timeout: 30_000 }).not.toBeNull();
    await page.context().setOffline(true);

    // The list of a province never opened, with the latest figures.
    await page.goto("/waits?province=QC");
    await expect.poll(() => page.locator(".hospital").count()).toBe(qc.length);
    const reporting = qc.filter((h) => withLatest.find((l) => l.id === h.id)?.latest);
    expect(await page.locator("[data-testid=latest-figure]").count()).toBe(reporting.length);
    expect(await seriousViolations(page)).toEqual([]);

    // A hospital never opened: its latest figure and how it is measured; no history saved yet.
    const h = reporting[0];
    await page.goto(`/waits/${h.id}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(h.name);
    expect(await page.locator("[data-testid=hospital-latest]").textContent()).toMatch(
      /^Latest figure: \d+( h \d{2})? min · rolling average, /,
    );
    expect(await page.locator("[data-testid=methodology-sentence]").textContent()).toBe(
      "Time from registration to seeing a physician, rolling average, updated about every hour.",
    );
    expect(await page.getByRole("alert").textContent()).toBe(
      "The history of this hospital has not been opened on this device, so it cannot be shown offline.",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "waits-offline-first-hospital-en-phone");

    // Compare, never opened: the form (it used to stay on "Loading…" forever) and the brief,
    // worked out on the device, word for word the server's.
    await page.goto("/waits/compare");
    await page.getByLabel("First hospital").waitFor({ timeout: 10_000 });
    expect(await page.locator("main").innerText()).not.toContain("Loading");
    expect(await page.locator("#compare-a option").count()).toBe(withLatest.length + 1);
    await page.getByLabel("First hospital").selectOption(on.id);
    await page.getByLabel("Second hospital").selectOption(qc[0].id);
    await page.getByRole("button", { name: "Compare" }).click();
    await page.locator("[data-testid=brief]").waitFor();
    expect(await page.locator("[data-testid=brief]").textContent()).toBe(briefEn);
    expect(await page.locator("[data-testid=compare-from-device]").textContent()).toMatch(
      /^Worked out on this device from the hospital list saved on /,
    );
    expect(await page.locator("tr.differs").count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "waits-offline-compare-en-phone");
    await page.getByRole("button", { name: /^FR/ }).click();
    await expect.poll(() => page.locator("[data-testid=brief]").textContent()).toBe(briefFr);
    await saveScreenshot(page, "waits-offline-compare-fr-phone");
    await page.context().setOffline(false);
  });

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

    // A period never viewed on this device falls back to the nearest saved one, and says so.
    await page.getByRole("link", { name: "90 days", exact: true }).click();
    await page.locator("[data-testid=period-fallback]").waitFor();
    expect(await page.locator("[data-testid=period-fallback]").textContent()).toBe(
      "The 90 days view has not been opened on this device, so the saved 30 days view is shown instead.",
    );
    expect(await page.getByRole("link", { name: "90 days", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(await chartPoints(page, ".trend-chart")).toBe(online);

    // The province list keeps its latest values, with the date of the saved copy.
    await page.goto("/waits?province=BC");
    await expect.poll(() => page.locator("[data-testid=latest-figure]").allTextContents()).toEqual(figures);
    expect(await page.locator("[data-testid=hospital-count]").textContent()).toContain(
      "saved on this device on",
    );
    await page.context().setOffline(false);
  });

  it("brings a hospital's latest figure up to date when the saved copy is old, and dates the copy offline", async () => {
    const [ab] = await hospitalsOf("AB");
    const page = await app.newPage();
    await page.goto("/waits?province=AB");
    await waitForServiceWorkerControl(page);
    const savedAt = (scope = "waits") => lastSavedAt(page, scope);
    // Each load starts a sync: wait for this load's to end (the directory's and the hospitals'), so
    // it cannot overwrite the copy made old below. The hospitals' is dated by the server's whole second.
    const loadedAt = await page.evaluate(() => performance.timeOrigin);
    const since = async (scope: string, slack: number) =>
      Date.parse((await savedAt(scope)) ?? "") >= loadedAt - slack;
    await expect
      .poll(async () => (await since("directory", 0)) && (await since("waits", 1000)), { timeout: 30_000 })
      .toBe(true);
    // The copy a phone left in a drawer for a year would hold.
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
    await putRows(page, "syncState", [
      { scope: "waits", cursor: null, lastSuccessAt: yearAgo, lastError: null },
    ]);
    await putRows(page, "latestWaits", [
      { hospitalId: ab.id, value: 999, unit: "minutes", observedAt: yearAgo, fetchedAt: yearAgo },
    ]);
    // Opened from the list, so no start-up sync runs: the page itself must fetch fresh figures.
    await page.getByRole("link", { name: ab.name, exact: true }).click();
    const latest = page.locator("[data-testid=hospital-latest]");
    await latest.waitFor();
    // The saved copy may show at once, dated; the server's figure replaces it once it has come.
    const old = formatWait(999, "TIME_TO_PROVIDER", "en");
    await expect.poll(() => latest.textContent(), { timeout: 15_000 }).not.toContain(old);
    expect(await latest.textContent()).toMatch(/ · current estimate, /);
    await expect.poll(() => page.locator("[data-testid=hospital-saved-copy]").count()).toBe(0);
    expect(Date.parse((await savedAt()) ?? "")).toBeGreaterThan(Date.parse(yearAgo));

    // Offline, the saved copy is shown with the date it was saved.
    const figure = await latest.textContent();
    await page.context().setOffline(true);
    try {
      await page.reload();
      const notice = page.locator("[data-testid=hospital-saved-copy]");
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/^Showing the copy saved on this device on \w+ \d+, \d{4}/);
      expect(await latest.textContent()).toBe(figure);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.context().setOffline(false);
    }
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
      /^Hors ligne\u00a0: chiffres enregistrés sur cet appareil, en date du .+\.$/,
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

  it("upgrades a device's version-1 database to the current version without losing its rows", async () => {
    const [on] = await hospitalsOf("ON");
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    // A same-origin page that is not the app, to lay down the database as version 1 left it
    // (Dexie stores version n as IndexedDB version n * 10): hospitals saved per province, dated.
    await page.goto("/api/hospitals?province=ON");
    await page.evaluate(
      (hospital) =>
        new Promise<void>((resolve, reject) => {
          const gone = indexedDB.deleteDatabase("community-health");
          gone.onerror = () => reject(gone.error);
          gone.onsuccess = () => {
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
              const tx = open.result.transaction(["hospitals", "syncState"], "readwrite");
              tx.objectStore("hospitals").put({ ...hospital, fetchedAt: "2026-01-05T12:00:00.000Z" });
              for (const [scope, at] of [
                ["hospitals:ON", "2026-01-05T12:00:00.000Z"],
                ["hospitals:QC", "2026-01-09T12:00:00.000Z"],
              ])
                tx.objectStore("syncState").put({ scope, cursor: null, lastSuccessAt: at, lastError: null });
              tx.oncomplete = () => {
                open.result.close();
                resolve();
              };
              tx.onerror = () => reject(tx.error);
            };
            open.onerror = () => reject(open.error);
          };
        }),
      on,
    );
    // Offline, so the sync does not replace what the upgrade kept.
    await page.context().setOffline(true);
    await page.goto("/waits?province=ON");
    await expect.poll(() => page.locator(".hospital h3").allTextContents()).toEqual([on.name]);
    expect(await page.locator("[data-testid=hospital-count]").textContent()).toContain(
      "saved on this device on January 5, 2026",
    );
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
    expect(version).toBe(60); // Dexie reports version 6 as 60
    const kept = await readStore<{ id: string; fetchedAt: string }>(page, "hospitals");
    expect(kept).toHaveLength(1);
    expect(kept[0].fetchedAt).toBe("2026-01-05T12:00:00.000Z");
    // The per-province scopes folded into one, dated by the oldest.
    expect(await readStore(page, "syncState")).toEqual([
      { scope: "waits", cursor: null, lastSuccessAt: "2026-01-05T12:00:00.000Z", lastError: null },
    ]);
    expect((await readStore(page, "trendSeries")).length).toBe(0);

    // Back online, the next sync replaces the copy with every hospital.
    await page.context().setOffline(false);
    await page.goto(`/waits/${on.id}?period=1y`);
    await page.locator(".trend-chart canvas").waitFor();
    await expect.poll(async () => (await readStore<SavedSeries>(page, "trendSeries")).length).toBe(1);
    await expect.poll(async () => (await readStore(page, "hospitals")).length).toBeGreaterThan(200);
    await page.getByRole("link", { name: "All hospitals in Ontario" }).waitFor();
  });
});

describe("wait times on a connection that does not reach the server", () => {
  it("dates a trend the service worker answers from its cache by when the server gave it, and says so", async () => {
    const [hospital] = await hospitalsOf("QC");
    const path = `/api/hospitals/${hospital.id}/trends?period=7d`;
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    // What the cache holds: the server's answer of two days ago.
    const servedAt = new Date(Date.now() - 2 * 86_400_000);
    const body = JSON.stringify(await api(app, path));
    await page.evaluate(
      async ({ path, body, date }) => {
        const cache = await caches.open("api-reads");
        await cache.put(path, new Response(body, { headers: { "content-type": "application/json", date } }));
      },
      { path, body, date: servedAt.toUTCString() },
    );
    // Online as far as the browser knows, but the server is not reached (captive Wi-Fi, a dead link).
    await page.context().route("**/api/hospitals/*/trends*", (route) => route.abort("connectionfailed"));
    await page.goto(`/waits/${hospital.id}?period=7d`);
    await page.locator("[data-testid=as-of]").waitFor();
    const saved = await readStore<SavedSeries>(page, "trendSeries");
    expect(saved.find((s) => s.hospitalId === hospital.id)?.fetchedAt).toBe(
      new Date(Math.floor(servedAt.getTime() / 1000) * 1000).toISOString(),
    );
    await page.context().unroute("**/api/hospitals/*/trends*");
  });

  it("shows province benchmarks the service worker saved with the time they were computed", async () => {
    const path = "/api/analytics/benchmarks?province=ON&period=24h";
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    const answer = await api<{ data: { generated_at: string } }>(app, path);
    const computed = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const body = JSON.stringify({ ...answer, data: { ...answer.data, generated_at: computed } });
    await page.evaluate(
      async ({ path, body }) => {
        const cache = await caches.open("api-reads");
        await cache.put(path, new Response(body, { headers: { "content-type": "application/json" } }));
      },
      { path, body },
    );
    await page.context().setOffline(true);
    try {
      await page.goto("/waits/benchmarks?province=ON&period=24h");
      await expect
        .poll(() => page.locator("[data-testid=bench-as-of]").textContent())
        .toMatch(/^Saved figures, computed .* \d{4} at .*: newer ones could not be fetched\.$/);
    } finally {
      await page.context().setOffline(false);
    }
  });
});
