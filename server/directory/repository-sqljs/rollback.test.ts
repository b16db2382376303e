/**
 * Each write method of the sql.js directory repository is one transaction: when it fails
 * half-way, nothing it had written stays, in memory or on disk (the store is reopened to check).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createStore } from "../../db/store.js";
import type { Store } from "../../db/types.js";
import { directoryModule } from "../index.js";
import type { DirectoryRepository } from "../repository.js";
import { directoryRepository } from "../repository-of.js";
import { seedDirectory } from "../seed/seed-directory.js";
import { createSqljsDirectoryRepository } from "./index.js";

const quiet = { info() {}, warn() {}, error() {} } as never;
const SERVICE = "partners-in-mission-food-bank";
let dir: string;
let store: Store;
let repo: DirectoryRepository;

const open = () =>
  createStore({ dataDir: dir, name: "directory", migrations: directoryModule.migrations, logger: quiet });
const state = (s: Store) => ({
  audit: s.get<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log")!.n,
  versions: s.get<{ n: number }>("SELECT COUNT(*) AS n FROM service_versions")!.n,
  record: s.get("SELECT version, fees_description, change_seq FROM services WHERE id = ?", [SERVICE]),
  phones: s.all("SELECT number FROM phones WHERE service_id = ? ORDER BY position", [SERVICE]),
});

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "dir-rollback-"));
  store = await open();
  await seedDirectory(directoryRepository({ store }));
  repo = createSqljsDirectoryRepository(store);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("sql.js directory repository: a write that fails half-way leaves nothing", () => {
  it("editService: the record, its phones and the audit row stay as they were", async () => {
    const before = state(store);
    await expect(
      repo.editService({ id: SERVICE, organizationIds: [], withLive: false }, (found) => {
        const current = found.current!;
        const changed = { ...current, fees: "Changed.", version: current.version + 1, phones: [] };
        return {
          write: { save: changed },
          // The record and its phones are rewritten before the audit row, whose time is missing.
          change: {
            at: null as unknown as string,
            actor: null,
            action: "update",
            before: current,
            after: changed,
            id: SERVICE,
            version: changed.version,
          },
          result: changed,
        };
      }),
    ).rejects.toThrow();
    expect(state(store)).toEqual(before);
    await store.close();
    store = await open();
    expect(state(store)).toEqual(before);
  });
});
