import type { Page } from "playwright-core";
import type { DirectoryService } from "../../../shared/directory/types";

/**
 * Replaces the app's database with one as version 3 of the app left it (Dexie stores version n as
 * IndexedDB version n × 10): whole directory records, organizations and locations derived from
 * them, and the directory's cursor as a time. Run from a same-origin page that is not the app.
 */
export function layDownVersion3(page: Page, services: DirectoryService[], syncedAt: string): Promise<void> {
  return page.evaluate(
    ({ services, syncedAt }) =>
      new Promise<void>((resolve, reject) => {
        const gone = indexedDB.deleteDatabase("community-health");
        gone.onerror = () => reject(gone.error);
        gone.onsuccess = () => {
          const open = indexedDB.open("community-health", 30);
          open.onupgradeneeded = () => {
            const db = open.result;
            const index = (store: IDBObjectStore, names: string[]) => {
              for (const n of names) store.createIndex(n, n);
            };
            index(db.createObjectStore("services", { keyPath: "id" }), [
              "organizationId",
              "category",
              "updatedAt",
            ]);
            index(db.createObjectStore("organizations", { keyPath: "id" }), ["name"]);
            index(db.createObjectStore("locations", { keyPath: "id" }), ["serviceId", "city"]);
            const hospitals = db.createObjectStore("hospitals", { keyPath: "id" });
            hospitals.createIndex("province", "province");
            hospitals.createIndex("[province+name]", ["province", "name"]);
            index(db.createObjectStore("latestWaits", { keyPath: "hospitalId" }), ["observedAt"]);
            db.createObjectStore("syncState", { keyPath: "scope" });
            index(db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true }), ["createdAt"]);
            index(db.createObjectStore("trendSeries", { keyPath: ["hospitalId", "period"] }), ["viewedAt"]);
          };
          open.onsuccess = () => {
            const tx = open.result.transaction(
              ["services", "organizations", "locations", "syncState"],
              "readwrite",
            );
            for (const s of services) {
              tx.objectStore("services").put(s);
              tx.objectStore("organizations").put({ id: s.organizationId, name: s.organizationName });
              for (const l of s.locations)
                tx.objectStore("locations").put({ ...l, id: `${s.id}:${l.id}`, serviceId: s.id });
            }
            tx.objectStore("syncState").put({
              scope: "directory",
              cursor: syncedAt,
              lastSuccessAt: syncedAt,
              lastError: null,
            });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
          open.onerror = () => reject(open.error);
        };
      }),
    { services, syncedAt },
  );
}
