/** Opens a real waittimes store in a fresh temporary folder (closed and removed by `cleanup`). */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStore } from "../../../server/db/store.js";
import type { Store } from "../../../server/db/types.js";
import { waittimesMigrations } from "../../../server/waittimes/migrations/index.js";
import { waittimesRepository } from "../../../server/waittimes/repository-of.js";

export async function openTestStore(
  dataDir?: string,
): Promise<{ store: Store; dataDir: string; cleanup(): Promise<void> }> {
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), "wt-store-"));
  const quiet = { info() {}, warn() {}, error() {} };
  const store = await createStore({
    dataDir: dir,
    name: "waittimes",
    migrations: waittimesMigrations,
    logger: quiet,
  });
  return {
    store,
    dataDir: dir,
    async cleanup() {
      await store.close();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The module's repository over a test store (the one the server would make for it). */
export const repoOf = (store: Store) => waittimesRepository({ store });
