/**
 * A module's sql.js store in a fresh temporary folder, for unit tests that need real tables but
 * no server: `close()` closes the store and removes the folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStore } from "../../server/db/store.js";
import type { Migration, Store } from "../../server/db/types.js";

export interface TempStore {
  dir: string;
  store: Store;
  close(): Promise<void>;
}

const quiet = { info() {}, warn() {}, error() {} } as never;

export async function openTempStore(module: { name: string; migrations: Migration[] }): Promise<TempStore> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `chc-${module.name}-`));
  const store = await createStore({
    dataDir: dir,
    name: module.name,
    migrations: module.migrations,
    logger: quiet,
  });
  return {
    dir,
    store,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
