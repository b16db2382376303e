/**
 * Bulk writes on sql.js: merges of duplicate records, the seed and HSDS imports. Each is one
 * transaction, every change audited.
 */
import type { DirectoryService } from "../../../shared/directory/index.js";
import type { Store, Tx } from "../../db/types.js";
import { findDuplicates } from "../duplicate-flags.js";
import { DuplicateIndex } from "../duplicates.js";
import { type MergeStep, mergeChange, planMerges } from "../merge-services.js";
import type { ImportCounts, ImportsRepository } from "../repository.js";
import { recordDuplicateFlag, recordServiceChange } from "./audit-rows.js";
import { countServices, loadCatalogue, markServiceDeleted, writeService } from "./service-rows.js";

/** Merges the duplicates among `services` (live records read in this transaction). */
function mergeDuplicatesIn(tx: Tx, services: DirectoryService[], at: string): MergeStep[] {
  const plan = planMerges(services);
  const current = new Map(services.map((s) => [s.id, s]));
  for (const [keptId, merged] of plan.merged) {
    const before = current.get(keptId) as DirectoryService;
    const record = { ...merged, version: before.version + 1, updatedAt: at };
    writeService(tx, record, at);
    recordServiceChange(tx, {
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
    markServiceDeleted(tx, step.mergedId, at);
    recordServiceChange(tx, mergeChange(step, before, at));
  }
  return plan.steps;
}

/** Writes each record that changed (a new one at version 1, a changed one at its next version). */
function importServices(
  tx: Tx,
  services: DirectoryService[],
  at: string,
  same: (a: DirectoryService, b: DirectoryService) => boolean,
): ImportCounts {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, duplicates: [] };
  const live = new DuplicateIndex(loadCatalogue(tx).services);
  for (const service of services) {
    const current = loadCatalogue(tx, service.id).services[0] ?? null;
    if (current && same(current, service)) {
      counts.unchanged++;
      continue;
    }
    const record = current ? { ...service, version: current.version + 1, updatedAt: at } : service;
    writeService(tx, record, at);
    recordServiceChange(tx, {
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
        recordDuplicateFlag(tx, { at, actor: null, id: record.id, duplicates: of });
        counts.duplicates.push({ id: record.id, of });
      }
      live.add(record);
    }
  }
  return counts;
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
