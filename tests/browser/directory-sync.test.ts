// Issue #18 §3: the device's copy of the directory stays current cheaply. After one service changed
// on the server, the next sync downloads that one record (counted in the sync's own responses)
// and updates the saved search index with it, so an offline search finds the new wording at once.
// A device whose directory an older version saved (database version 3: whole records, a time as
// cursor) keeps searching offline, then re-reads the directory once and keeps the index; one that
// version 4 saved (a row per service) has them moved into buckets and goes on from its cursor.
// Results follow typing on the search page.
import { rmSync } from "node:fs";
import type { Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DirectoryService } from "../../shared/directory/types";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { readServices, readStore } from "./helpers/idb";
import { layDownVersion3 } from "./helpers/idb-v3";
import { layDownVersion4 } from "./helpers/idb-v4";

const SERVICE = "partners-in-mission-food-bank";
let dataDir: string;
let app: BrowserApp;
let total: number;
beforeAll(async () => {
  dataDir = await prepareDirectoryData(); // the seed and the test accounts (an admin edits below)
  app = await startBrowserApp({ dataDir });
  total = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=1`)).json()).meta.total;
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type SyncRow = {
  scope: string;
  cursor: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
};
const directoryRow = async (page: Page) =>
  (await readStore<SyncRow>(page, "syncState")).find((r) => r.scope === "directory");

/** Waits for a directory sync to end after `before` (its lastSuccessAt), failing on its error. */
async function synced(page: Page, before: string | null = null): Promise<SyncRow> {
  await expect
    .poll(async () => (await directoryRow(page))?.lastSuccessAt ?? null, { timeout: 30_000 })
    .not.toBe(before);
  const row = (await directoryRow(page)) as SyncRow;
  expect(row.lastError).toBeNull();
  return row;
}

async function renameService(name: string): Promise<void> {
  const token = await bearer(app.baseUrl, ACCOUNTS.admin);
  const current = (await (await fetch(`${app.baseUrl}/api/v1/services/${SERVICE}`)).json()).data;
  const { id: _i, organizationName: _n, updatedAt: _u, provenance: _p, mergedIds: _m, ...input } = current;
  const res = await fetch(`${app.baseUrl}/api/v1/services/${SERVICE}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...input, name: { ...input.name, en: name } }),
  });
  expect(res.status).toBe(200);
}

async function searchOffline(page: Page, query: string): Promise<string[]> {
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await page.locator("[data-testid=from-device]").waitFor();
  return page.locator("ol.results > li h3").allTextContents();
}

describe("directory sync on the device", () => {
  it("downloads only the changed service at the next sync, and finds it offline by its new name", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await synced(page);
    await expect.poll(async () => (await readServices(page)).length).toBe(total);
    // A new tab of the same device once the first is closed, so no earlier sync is still running.
    const context = page.context();
    await page.close();
    const next = await context.newPage();
    // Every record the app's sync requests bring, whatever their cursor.
    const records: string[] = [];
    const asked: string[] = [];
    const reading: Promise<void>[] = [];
    const onResponse = (res: Response) => {
      const url = new URL(res.url());
      const cursor = url.searchParams.get("changed_after") ?? url.searchParams.get("updated_since");
      if (url.pathname !== "/api/v1/services" || cursor === null) return;
      asked.push(cursor);
      reading.push(
        res.json().then((body: { data: Array<{ id: string }> }) => {
          records.push(...body.data.map((r) => r.id));
        }),
      );
    };
    next.on("response", onResponse);
    await next.goto("/api/health"); // same origin, not the app: nothing syncs yet
    const first = (await directoryRow(next)) as SyncRow;

    await renameService("Partners in Mission Quokka Pantry");
    await next.goto("/"); // the app syncs as it opens
    const second = await synced(next, first.lastSuccessAt);
    // Stop reading answers once this sync's are in: a later one could still be read as the page
    // closes at the end of the test.
    next.off("response", onResponse);
    await Promise.all(reading);
    expect(records).toEqual([SERVICE]);
    expect(asked).toEqual([first.cursor]);
    expect(Number(second.cursor)).toBeGreaterThan(Number(first.cursor));
    const [index] = await readStore<{ cursor: string; index: { ids: string[] } }>(next, "searchIndex");
    expect(index.cursor).toBe(second.cursor);
    expect(index.index.ids).toHaveLength(total);

    await context.setOffline(true);
    expect((await searchOffline(next, "quokka"))[0]).toBe("Partners in Mission Quokka Pantry");
    await context.setOffline(false);
  });

  it("keeps the pages a first sync received whole when the connection drops, searchable, and goes on from them", async () => {
    const page = await app.newPage();
    const context = page.context();
    // Pages of 100 services, and the connection lost after the first. By cursor, not by count: the
    // reload that hands the page to the service worker can end a first attempt before it saved
    // anything, and the next one must get its first page too.
    await context.route("**/api/v1/services?changed_after=*", async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("limit", "100");
      if (url.searchParams.get("changed_after") === "0") return route.continue({ url: url.toString() });
      return route.abort("internetdisconnected");
    });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await expect
      .poll(async () => (await directoryRow(page))?.lastError ?? null, { timeout: 30_000 })
      .not.toBeNull();
    const cut = (await directoryRow(page)) as SyncRow;
    expect(cut.lastSuccessAt).toBeNull();
    expect(Number(cut.cursor)).toBeGreaterThan(0);
    expect(await readServices(page)).toHaveLength(100);
    await page.goto("/settings");
    expect(await page.getByTestId("sync-status").textContent()).toContain(
      "Part of the directory is saved on this device and can be searched",
    );
    // Offline before the route that cuts the sync goes: the settings page starts a sync of its own
    // as it opens, and if its first request comes in between it saves the whole directory.
    await context.setOffline(true);
    await context.unrouteAll();
    expect((await searchOffline(page, "food")).length).toBeGreaterThan(0);
    expect(await page.getByTestId("from-device").textContent()).toBe(
      "No connection: these results come from the part of the directory this device has saved so far.",
    );

    // The next sync asks for what comes after those pages, and the device then holds everything.
    // Listening before going back online: the "online" event itself starts a sync.
    const asked: string[] = [];
    page.on("request", (req) => {
      const cursor = new URL(req.url()).searchParams.get("changed_after");
      if (cursor !== null) asked.push(cursor);
    });
    await context.setOffline(false);
    await page.goto("/");
    await synced(page);
    expect(asked[0]).toBe(cut.cursor);
    expect(await readServices(page)).toHaveLength(total);
  });

  it("brings a page left open up to date every half hour", async () => {
    const page = await app.newPage();
    await page.clock.install();
    await page.goto("/");
    const first = await synced(page);
    const asked: string[] = [];
    page.on("request", (req) => {
      const cursor = new URL(req.url()).searchParams.get("changed_after");
      if (cursor !== null) asked.push(cursor);
    });
    await page.clock.fastForward("31:00");
    await synced(page, first.lastSuccessAt);
    expect(asked).toEqual([first.cursor]);
  });

  it("keeps a directory saved by the previous version searchable offline, then re-reads it once", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    const listed = await (await fetch(`${app.baseUrl}/api/v1/services?limit=500`)).json();
    const saved = (listed.data as DirectoryService[]).filter((s) => s.category === "food");
    // Laid down from a same-origin page that is not the app, as version 3 left it.
    await page.goto("/api/health");
    await layDownVersion3(page, saved, "2026-01-05T12:00:00.000Z");

    await page.context().setOffline(true);
    const shown = await searchOffline(page, "food bank");
    expect(shown.length).toBeGreaterThan(0);
    expect(saved.map((s) => s.name.en)).toEqual(expect.arrayContaining(shown));

    await page.context().setOffline(false);
    await page.goto("/");
    const row = await synced(page, "2026-01-05T12:00:00.000Z");
    expect(row.cursor).toMatch(/^\d+$/);
    expect(await readServices(page)).toHaveLength(total);
    expect((await readStore(page, "searchIndex")).length).toBe(1);
    const kept = (await readServices<{ id: string; searchTerms?: unknown }>(page))[0];
    expect(kept.searchTerms).toBeUndefined(); // the device keeps what it shows; the index holds the rest
  });

  it("moves a version-4 device's services into buckets, keeps its index and cursor, then brings only the change", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await synced(page);
    const context = page.context();
    await page.close();
    const next = await context.newPage();
    await next.goto("/api/health"); // same origin, not the app
    await layDownVersion4(next);
    // The sync row as laid down: the first page may have synced again after the wait above (a
    // reload to take the service worker), so its first answer is not necessarily the one kept.
    const laid = (await directoryRow(next))?.lastSuccessAt ?? null;
    expect(await readStore(next, "services")).toHaveLength(total);
    const records: string[] = [];
    const reading: Promise<void>[] = [];
    const onResponse = (res: Response) => {
      if (!new URL(res.url()).searchParams.has("changed_after")) return;
      reading.push(
        res
          .json()
          .then((body: { data: Array<{ id: string }> }) => void records.push(...body.data.map((r) => r.id))),
      );
    };
    next.on("response", onResponse);

    await context.setOffline(true);
    expect((await searchOffline(next, "food bank")).length).toBeGreaterThan(0);
    expect(await readServices(next)).toHaveLength(total);
    // Back online from a page that is not the app, so no sync starts before the change is made.
    await next.goto("about:blank");
    await context.setOffline(false);
    await renameService("Partners in Mission Wombat Pantry");
    await next.goto("/");
    await synced(next, laid);
    next.off("response", onResponse);
    await Promise.all(reading);
    expect(records).toEqual([SERVICE]);
    await context.setOffline(true);
    expect((await searchOffline(next, "wombat"))[0]).toBe("Partners in Mission Wombat Pantry");
    await context.setOffline(false);
  });

  it("shows results as people type, offline, and the address catches up without a history entry per letter", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await synced(page);
    await page.context().setOffline(true);
    await page.goto("/search");
    const box = page.locator("#directory-q");
    const heading = page.locator("[data-testid=results-heading]");
    await box.pressSequentially("fo", { delay: 30 });
    // Two letters find noise: nothing is searched. A search typed would have answered from the
    // device and put ?q= in the address 0.6 s after the last key; wait well past that first.
    await page.waitForTimeout(2000);
    expect(new URL(page.url()).search).toBe("");
    expect(await heading.count()).toBe(0);
    await box.pressSequentially("od", { delay: 30 });
    await expect.poll(() => heading.textContent()).toContain("“food”");
    await box.pressSequentially(" bank", { delay: 30 });
    await expect.poll(() => heading.textContent()).toContain("“food bank”");
    expect(await page.locator("[data-testid=from-device]").count()).toBe(1);
    await expect.poll(() => new URL(page.url()).search).toBe("?q=food+bank");
    await page.goBack(); // the page before the search, not "food", "foo"…
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().setOffline(false);
  });

  it("reads every saved service into memory after the first offline results, so typing waits on no database read", async () => {
    const page = await app.newPage();
    // Which service buckets the page asks IndexedDB for (Dexie reads them with get).
    await page.context().addInitScript({
      content: `window.__bucketReads = [];
const get = IDBObjectStore.prototype.get;
IDBObjectStore.prototype.get = function (key) {
  if (this.name === "serviceBuckets") window.__bucketReads.push(key);
  return get.call(this, key);
};`,
    });
    const reads = () => page.evaluate(() => (window as never as { __bucketReads: number[] }).__bucketReads);
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await synced(page);
    await page.context().setOffline(true);
    await page.goto("/search");
    const box = page.locator("#directory-q");
    const heading = page.locator("[data-testid=results-heading]");
    await box.fill("food");
    await box.press("Enter");
    await expect.poll(() => heading.textContent()).toContain("“food”");
    // Every bucket is asked for once, a chunk at a time while the page is idle.
    await expect.poll(async () => new Set(await reads()).size, { timeout: 15_000 }).toBe(512);
    const before = (await reads()).length;
    for (const query of ["legal aid", "dentist", "je veux mourir", "housing"]) {
      await box.fill(query);
      await box.press("Enter");
      await expect.poll(() => heading.textContent()).toContain(`“${query}”`);
    }
    expect((await reads()).length).toBe(before);
    await page.context().setOffline(false);
  });
});

describe("a service page online", () => {
  it("shows the service as the server has it now, not the device's older copy, and a deleted one as gone", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await synced(page);
    const heading = () => page.locator("h1").first().textContent();

    // Edited since the device's last sync: the page ends on the new name without a reload.
    // A name no earlier test gave it, so the device's copy cannot already hold it.
    await renameService("Partners in Mission Numbat Pantry");
    await page.goto(`/services/${SERVICE}`);
    await expect.poll(heading).toBe("Partners in Mission Numbat Pantry");

    // Deleted since: the page says so, instead of showing it as still open.
    const gone = "kingston-youth-shelter";
    const token = await bearer(app.baseUrl, ACCOUNTS.admin);
    const { version } = (await (await fetch(`${app.baseUrl}/api/v1/services/${gone}`)).json()).data;
    const deleted = await fetch(`${app.baseUrl}/api/v1/services/${gone}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "if-match": `"${version}"` },
    });
    expect(deleted.status).toBe(200);
    await page.goto(`/services/${gone}`);
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain("There is no service at this address.");
  });
});
