import type { Page } from "playwright-core";

/** Reads the app's IndexedDB from inside the page: all rows of one object store (none if absent). */
export function readStore<T = unknown>(page: Page, store: string, dbName = "community-health"): Promise<T[]> {
  return page.evaluate(
    ({ store, dbName }) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve([]);
          }
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => {
            db.close();
            resolve(req.result as T[]);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    { store, dbName },
  );
}

/** Writes rows into an existing object store of the app's IndexedDB, from inside the page. */
function writeRows(
  page: Page,
  store: string,
  rows: unknown[],
  dbName: string,
  mode: "add" | "put",
): Promise<void> {
  return page.evaluate(
    ({ store, rows, dbName, mode }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(store, "readwrite");
          for (const row of rows) tx.objectStore(store)[mode](row);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { store, rows, dbName, mode },
  );
}

/** Adds rows to an existing object store of the app's IndexedDB (fails on a key already there). */
export const addRows = (page: Page, store: string, rows: unknown[], dbName = "community-health") =>
  writeRows(page, store, rows, dbName, "add");

/** Puts rows (new or replacing those with the same key) into an object store of the app's IndexedDB. */
export const putRows = (page: Page, store: string, rows: unknown[], dbName = "community-health") =>
  writeRows(page, store, rows, dbName, "put");

/** Waits until the app has created its database with the given object store. */
export async function waitForStore(page: Page, store: string, dbName = "community-health"): Promise<void> {
  await page.waitForFunction(
    ({ store, dbName }) =>
      new Promise<boolean>((resolve) => {
        indexedDB.databases().then((all) => {
          if (!all.some((d) => d.name === dbName)) return resolve(false);
          const open = indexedDB.open(dbName);
          open.onsuccess = () => {
            const ok = open.result.objectStoreNames.contains(store);
            open.result.close();
            resolve(ok);
          };
          open.onerror = () => resolve(false);
        });
      }),
    { store, dbName },
  );
}

/**
 * Reads the directory services the app keeps, from inside the page: they sit in buckets
 * (web/data/serviceBuckets.ts), each row holding its services' JSON texts as UTF-8 side by side.
 */
export function readServices<T = { id: string }>(page: Page, dbName = "community-health"): Promise<T[]> {
  return page.evaluate(
    ({ dbName }) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("serviceBuckets")) {
            db.close();
            return resolve([]);
          }
          const req = db.transaction("serviceBuckets").objectStore("serviceBuckets").getAll();
          req.onsuccess = () => {
            db.close();
            const decoder = new TextDecoder();
            const rows = req.result as Array<{ ids: string[]; ends: Uint32Array; data: Uint8Array }>;
            resolve(
              rows.flatMap((r) =>
                r.ids.map((_, k) =>
                  JSON.parse(decoder.decode(r.data.subarray(k ? r.ends[k - 1] : 0, r.ends[k]))),
                ),
              ),
            );
          };
          req.onerror = () => reject(req.error);
        };
      }),
    { dbName },
  );
}

/** When the app last saved `scope` ("directory", "waits") on the device: its sync row's lastSuccessAt. */
export async function lastSavedAt(page: Page, scope: string): Promise<string | null> {
  const rows = await readStore<{ scope: string; lastSuccessAt: string | null }>(page, "syncState");
  return rows.find((r) => r.scope === scope)?.lastSuccessAt ?? null;
}
