import type { Page } from "playwright-core";

/**
 * Rewrites the app's database as version 4 of the app kept it (Dexie stores version n as IndexedDB
 * version n × 10): the same directory, search index and sync rows, but one "services" row per
 * service instead of buckets. Run from a same-origin page that is not the app, after a sync.
 */
export function layDownVersion4(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const now = await request(indexedDB.open("community-health"));
    const tx = now.transaction(["serviceBuckets", "searchIndex", "syncState"]);
    const buckets = await request(tx.objectStore("serviceBuckets").getAll());
    const indexes = await request(tx.objectStore("searchIndex").getAll());
    const syncRows = await request(tx.objectStore("syncState").getAll());
    now.close();
    const decoder = new TextDecoder();
    const services = buckets.flatMap((r: { ids: string[]; ends: Uint32Array; data: Uint8Array }) =>
      r.ids.map((_, k) => JSON.parse(decoder.decode(r.data.subarray(k ? r.ends[k - 1] : 0, r.ends[k])))),
    );
    await request(indexedDB.deleteDatabase("community-health"));
    const open = indexedDB.open("community-health", 40);
    open.onupgradeneeded = () => {
      const db = open.result;
      db.createObjectStore("services", { keyPath: "id" });
      db.createObjectStore("searchIndex", { keyPath: "scope" });
      const hospitals = db.createObjectStore("hospitals", { keyPath: "id" });
      hospitals.createIndex("province", "province");
      hospitals.createIndex("[province+name]", ["province", "name"]);
      db.createObjectStore("latestWaits", { keyPath: "hospitalId" }).createIndex("observedAt", "observedAt");
      db.createObjectStore("syncState", { keyPath: "scope" });
      db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true }).createIndex(
        "createdAt",
        "createdAt",
      );
      db.createObjectStore("trendSeries", { keyPath: ["hospitalId", "period"] }).createIndex(
        "viewedAt",
        "viewedAt",
      );
    };
    const db = await request(open);
    const write = db.transaction(["services", "searchIndex", "syncState"], "readwrite");
    for (const s of services) write.objectStore("services").put(s);
    for (const row of indexes) write.objectStore("searchIndex").put(row);
    for (const row of syncRows) write.objectStore("syncState").put(row);
    await new Promise((resolve, reject) => {
      write.oncomplete = resolve;
      write.onerror = () => reject(write.error);
    });
    db.close();
  });
}
