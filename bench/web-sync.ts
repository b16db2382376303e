/**
 * The sync parts of bench/web.ts: the directory's sync row and how long a sync took, bytes stored,
 * results shown while a first sync runs, and for the next sync an administrator account prepared
 * in the data folder, one service changed through the API as a partner would, and the records the
 * device's next sync downloads, counted from the sync's own responses.
 */
import type { Page } from "playwright-core";
import { createStore } from "../server/db/store.js";
import { addUser } from "../server/directory/accounts/users.js";
import { directoryModule } from "../server/directory/index.js";
import { directoryRepository } from "../server/directory/repository-of.js";
import type { Waiting } from "./web-device.js";

const EDITOR = "bench-editor@example.org";
const PASSWORD = "bench editor password, long enough";

/** Adds the editing account before the server opens the folder; returns how to sign it in. */
export async function prepareEditor(dataDir: string): Promise<(baseUrl: string) => Promise<string>> {
  const quiet = { info() {}, warn() {}, error() {} };
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet as never,
  });
  await addUser(directoryRepository({ store }), { email: EDITOR, password: PASSWORD, role: "admin" });
  await store.close();
  return async (baseUrl) => {
    const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EDITOR, password: PASSWORD, mode: "bearer" }),
    });
    if (res.status !== 200) throw new Error(`bench sign-in: ${res.status}`);
    return (await res.json()).data.token as string;
  };
}

/** Rewrites the first listed service's English description; returns its id. */
export async function changeOneService(baseUrl: string, token: string): Promise<string> {
  const list = await (await fetch(`${baseUrl}/api/v1/services?limit=1`)).json();
  const {
    id,
    organizationId: _o,
    organizationName: _n,
    updatedAt: _u,
    provenance: _p,
    mergedIds: _m,
    ...input
  } = list.data[0];
  const res = await fetch(`${baseUrl}/api/v1/services/${encodeURIComponent(id)}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...input, description: { ...input.description, en: `Changed at ${Date.now()}` } }),
  });
  if (res.status !== 200) throw new Error(`bench edit: ${res.status} ${await res.text()}`);
  return id;
}

/** Reloads the page (the app syncs as it opens) and counts the records that sync downloaded. */
export async function transferredBySync(
  page: Page,
  changedId: string,
): Promise<{ records: number; ms: number }> {
  const before = (await directorySyncRow(page))?.lastSuccessAt ?? null;
  let records = 0;
  let sawChanged = false;
  const counting: Promise<void>[] = [];
  const onResponse = (response: import("playwright-core").Response) => {
    if (!/\/api\/v1\/services\?/.test(response.url())) return;
    counting.push(
      response.json().then((body: { data: Array<{ id: string }> }) => {
        records += body.data.length;
        sawChanged ||= body.data.some((r) => r.id === changedId);
      }),
    );
  };
  page.on("response", onResponse);
  await page.reload();
  const done = await waitForSync(page, before);
  page.off("response", onResponse);
  await Promise.all(counting);
  if (!sawChanged) throw new Error("the next sync did not bring the changed service");
  return { records, ms: await syncDuration(page, done) };
}

/** The directory's sync row, read straight from IndexedDB (null before the app has made one). */
export function directorySyncRow(
  page: Page,
): Promise<{ lastSuccessAt: string | null; lastError: string | null } | null> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === "community-health")) return null;
    return new Promise((resolve) => {
      const open = indexedDB.open("community-health");
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("syncState")) {
          db.close();
          return resolve(null);
        }
        const req = db.transaction("syncState").objectStore("syncState").get("directory");
        req.onsuccess = () => {
          db.close();
          resolve(req.result ?? null);
        };
        req.onerror = () => resolve(null);
      };
    });
  });
}

/** Polls (from Node, four times a second) until the directory's sync row changes from `before`. */
export async function waitForSync(page: Page, before: string | null = null): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const row = await directorySyncRow(page);
    if (row?.lastSuccessAt && row.lastSuccessAt !== before) return row.lastSuccessAt;
    if (Date.now() > deadline)
      throw new Error(`the directory sync did not finish in 120 s (last error: ${row?.lastError ?? "none"})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * When the sync's first request started (epoch ms), from the resource timings of the page's sync
 * worker (web/data/device/syncWorker.ts), or of the page itself for a version that synced there.
 */
async function syncStartedAt(page: Page): Promise<number | null> {
  const startedAt = () => {
    const first = performance.getEntriesByType("resource").find((e) => e.name.includes("/api/v1/services?"));
    return first ? performance.timeOrigin + first.startTime : null;
  };
  const worker = page.workers().find((w) => w.url().includes("syncWorker"));
  return (worker ? await worker.evaluate(startedAt) : null) ?? (await page.evaluate(startedAt));
}

/** First sync request → sync row stored. */
export async function syncDuration(page: Page, lastSuccessAt: string): Promise<number> {
  const started = await syncStartedAt(page);
  if (started === null) throw new Error("no sync request in the resource timings");
  return Date.parse(lastSuccessAt) - started;
}

/** IndexedDB bytes this origin uses (Chromium's own estimate) and how many services it holds. */
export function storedBytes(page: Page): Promise<{ bytes: number; services: number }> {
  return page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number };
    };
    // Services sit in buckets since version 5 (web/data/serviceBuckets.ts), one row each before.
    const services = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open("community-health");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const bucketed = db.objectStoreNames.contains("serviceBuckets");
        const store = db
          .transaction(bucketed ? "serviceBuckets" : "services")
          .objectStore(bucketed ? "serviceBuckets" : "services");
        const req = bucketed ? store.getAll() : store.count();
        req.onsuccess = () => {
          db.close();
          const rows = req.result as number | Array<{ ids: string[] }>;
          resolve(typeof rows === "number" ? rows : rows.reduce((n, r) => n + r.ids.length, 0));
        };
        req.onerror = () => reject(req.error);
      };
    });
    return { bytes: estimate.usageDetails?.indexedDB ?? estimate.usage ?? Number.NaN, services };
  });
}

/**
 * A fresh device opens the search page and searches again and again while its first sync runs,
 * with the server's search refused so that the device's own answers; returns when results from the
 * device were first drawn, in ms after the sync's first request (null if only after the sync).
 */
export async function firstResultsDuringSync(page: Page, q: string): Promise<number | null> {
  await page.route("**/api/v1/search/services", (route) => route.abort());
  await page.goto("/search");
  await page.locator("#directory-q").waitFor();
  const deadline = Date.now() + 120_000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    // Alternate the wording so each attempt is a new search.
    const query = attempt % 2 === 0 ? q : `${q}s`;
    const shown = await page.evaluate(
      ({ query }) => {
        const input = document.getElementById("directory-q") as HTMLInputElement;
        input.value = query;
        const waiting = (window as never as Waiting).__waitForResults(query, performance.now(), 400);
        (input.form as HTMLFormElement).requestSubmit();
        return waiting.then((ms) =>
          ms === null || document.querySelectorAll("ol.results > li").length === 0
            ? null
            : performance.timeOrigin + performance.now(),
        );
      },
      { query },
    );
    const row = await directorySyncRow(page);
    const started = shown === null ? null : await syncStartedAt(page);
    if (shown !== null && started !== null) return row?.lastSuccessAt ? null : shown - started;
    if (row?.lastSuccessAt) return null;
  }
  throw new Error("no results from the device within 120 s");
}
