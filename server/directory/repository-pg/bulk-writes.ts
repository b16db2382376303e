/**
 * Bulk writes on PostgreSQL: merges of duplicate records, the seed and HSDS imports, each one
 * transaction under the service-write lock, every change audited (as repository-sqljs/bulk-writes.ts).
 */
import type pg from "pg";
import type { DirectoryService } from "../../../shared/directory/index.js";
import { findDuplicates } from "../duplicate-flags.js";
import { DuplicateIndex } from "../duplicates.js";
import { type MergeStep, mergeChange, planMerges } from "../merge-services.js";
import type { ImportCounts, ImportsRepository } from "../repository.js";
import { recordDuplicateFlag, recordServiceChange } from "./audit-rows.js";
import { lockServiceWrites, writeIn } from "./queries.js";
import { countServices, loadCatalogue } from "./service-reads.js";
import { markServiceDeleted, writeService } from "./service-writes.js";

/** Merges the duplicates among `services` (live records read in this transaction). */
async function mergeDuplicatesIn(
  client: pg.ClientBase,
  services: DirectoryService[],
  at: string,
): Promise<MergeStep[]> {
  const plan = planMerges(services);
  const current = new Map(services.map((s) => [s.id, s]));
  for (const [keptId, merged] of plan.merged) {
    const before = current.get(keptId) as DirectoryService;
    const record = { ...merged, version: before.version + 1, updatedAt: at };
    await writeService(client, record, at);
    await recordServiceChange(client, {
      at,
      actor: null,
      action: "merge",
      before,
      after: record,
      id: keptId,
      version: record.version,
    });
  }
  for (const step of plan.steps) {
    const before = current.get(step.mergedId) as DirectoryService;
    await markServiceDeleted(client, step.mergedId, at);
    await recordServiceChange(client, mergeChange(step, before, at));
  }
  return plan.steps;
}

/** Writes each record that changed (a new one at version 1, a changed one at its next version). */
async function importServices(
  client: pg.ClientBase,
  services: DirectoryService[],
  at: string,
  same: (a: DirectoryService, b: DirectoryService) => boolean,
): Promise<ImportCounts> {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, duplicates: [] };
  const live = new DuplicateIndex((await loadCatalogue(client)).services);
  for (const service of services) {
    const current = (await loadCatalogue(client, service.id)).services[0] ?? null;
    if (current && same(current, service)) {
      counts.unchanged++;
      continue;
    }
    const record = current ? { ...service, version: current.version + 1, updatedAt: at } : service;
    await writeService(client, record, at);
    await recordServiceChange(client, {
      at,
      actor: null,
      action: "import",
      before: current,
      after: record,
      id: record.id,
      version: record.version,
    });
    if (current) counts.updated++;
    else {
      counts.created++;
      const of = findDuplicates(record, live);
      if (of.length) {
        await recordDuplicateFlag(client, { at, actor: null, id: record.id, duplicates: of });
        counts.duplicates.push({ id: record.id, of });
      }
      live.add(record);
    }
  }
  return counts;
}

export function pgImports(pool: pg.Pool): ImportsRepository {
  const write = writeIn(pool);
  const locked = <T>(fn: (client: pg.PoolClient) => Promise<T>) =>
    write(async (client) => {
      await lockServiceWrites(client);
      return fn(client);
    });
  return {
    countServices: () => countServices(pool),
    mergeDuplicates: (eligible, at) =>
      locked(async (client) =>
        mergeDuplicatesIn(client, (await loadCatalogue(client)).services.filter(eligible), at),
      ),
    seedServices: (services, at) =>
      locked(async (client) => {
        for (const s of services) await writeService(client, s, at);
        return mergeDuplicatesIn(client, services, at);
      }),
    importServices: (services, at, same) => locked((client) => importServices(client, services, at, same)),
  };
}
