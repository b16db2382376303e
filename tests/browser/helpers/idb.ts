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
