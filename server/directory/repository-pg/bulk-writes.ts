/**
 * Bulk writes on PostgreSQL: merges of duplicate records, the seed and HSDS imports, each one
 * transaction under the service-write lock, every change audited (as repository-sqljs/bulk-writes.ts).
 */
import type pg from "pg";
import type { DirectoryService } from "../../../shared/directory/index.js";
import { ImportPlan, mergeWrites } from "../bulk-write-plans.js";
import type { MergeStep } from "../merge-services.js";
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
  const { kept, retired, steps } = mergeWrites(services, at);
  for (const { record, change } of kept) {
    await writeService(client, record, at);
    await recordServiceChange(client, change);
  }
  for (const { id, change } of retired) {
    await markServiceDeleted(client, id, at);
    await recordServiceChange(client, change);
  }
  return steps;
}

async function importServices(
  client: pg.ClientBase,
  services: DirectoryService[],
  at: string,
  same: (a: DirectoryService, b: DirectoryService) => boolean,
): Promise<ImportCounts> {
  const plan = new ImportPlan((await loadCatalogue(client)).services, at, same);
  for (const service of services) {
    const write = plan.step((await loadCatalogue(client, service.id)).services[0] ?? null, service);
    if (!write) continue;
    await writeService(client, write.record, at);
    await recordServiceChange(client, write.change);
    if (write.duplicates.length)
      await recordDuplicateFlag(client, {
        at,
        actor: null,
        id: write.record.id,
        duplicates: write.duplicates,
      });
  }
  return plan.counts;
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
