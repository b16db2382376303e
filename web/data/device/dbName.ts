// The device database's name, apart from its schema and Dexie (db.ts): a page can ask whether the
// database exists without loading the database layer.
export const DB_NAME = "community-health";

/** False only when the browser says this device has no database yet (a first visit); true when it cannot tell. */
export async function deviceDatabaseExists(): Promise<boolean> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === DB_NAME);
  } catch {
    return true;
  }
}
