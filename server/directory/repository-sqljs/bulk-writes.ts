/**
 * Bulk writes on sql.js: merges of duplicate records, the seed and HSDS imports. Each is one
 * transaction, every change audited.
 */
import type { DirectoryService } from "../../../shared/directory/index.js";
import type { Store, Tx } from "../../db/types.js";
import { ImportPlan, mergeWrites } from "../bulk-write-plans.js";
import type { MergeStep } from "../merge-services.js";
import type { ImportCounts, ImportsRepository } from "../repository.js";
import { recordDuplicateFlag, recordServiceChange } from "./audit-rows.js";
import { countServices, loadCatalogue, markServiceDeleted, writeService } from "./service-rows.js";

/** Merges the duplicates among `services` (live records read in this transaction). */
function mergeDuplicatesIn(tx: Tx, services: DirectoryService[], at: string): MergeStep[] {
  const { kept, retired, steps } = mergeWrites(services, at);
  for (const { record, change } of kept) {
    writeService(tx, record, at);
    recordServiceChange(tx, change);
  }
  for (const { id, change } of retired) {
    markServiceDeleted(tx, id, at);
    recordServiceChange(tx, change);
  }
  return steps;
}

function importServices(
  tx: Tx,
  services: DirectoryService[],
  at: string,
  same: (a: DirectoryService, b: DirectoryService) => boolean,
): ImportCounts {
  const plan = new ImportPlan(loadCatalogue(tx).services, at, same);
  for (const service of services) {
    const write = plan.step(loadCatalogue(tx, service.id).services[0] ?? null, service);
    if (!write) continue;
    writeService(tx, write.record, at);
    recordServiceChange(tx, write.change);
    if (write.duplicates.length)
      recordDuplicateFlag(tx, { at, actor: null, id: write.record.id, duplicates: write.duplicates });
  }
  return plan.counts;
}

export function sqljsImports(store: Store): ImportsRepository {
  return {
    countServices: async () => countServices(store),
    mergeDuplicates: (eligible, at) =>
      store.write((tx) => mergeDuplicatesIn(tx, loadCatalogue(tx).services.filter(eligible), at)),
    seedServices: (services, at) =>
      store.write((tx) => {
        for (const s of services) writeService(tx, s, at);
        return mergeDuplicatesIn(tx, services, at);
      }),
    importServices: (services, at, same) => store.write((tx) => importServices(tx, services, at, same)),
  };
}
