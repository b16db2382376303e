/**
 * What a merge of duplicates or an import writes, decided once for both backends: each backend's
 * bulk-writes.ts only carries the rows out inside its own transaction, in the order given here.
 */
import type { DirectoryService } from "../../shared/directory/index.js";
import { findDuplicates } from "./duplicate-flags.js";
import { DuplicateIndex } from "./duplicates.js";
import { type MergeStep, mergeChange, planMerges } from "./merge-services.js";
import type { DuplicateFlag, ImportCounts, ServiceChange } from "./repository.js";

export interface RecordWrite {
  record: DirectoryService;
  change: ServiceChange;
}

export interface MergeWrites {
  /** Kept records with what they took from their duplicates, at their next version. */
  kept: RecordWrite[];
  /** Duplicates folded into a kept record: marked deleted, with the change that says where they went. */
  retired: Array<{ id: string; change: ServiceChange }>;
  steps: MergeStep[];
}

/** The writes that merge the duplicates among `services` (the live records). */
export function mergeWrites(services: DirectoryService[], at: string): MergeWrites {
  const plan = planMerges(services);
  const current = new Map(services.map((s) => [s.id, s]));
  const kept = [...plan.merged].map(([keptId, merged]) => {
    const before = current.get(keptId) as DirectoryService;
    const record = { ...merged, version: before.version + 1, updatedAt: at };
    const change: ServiceChange = {
      at,
      actor: null,
      action: "merge",
      before,
      after: record,
      id: keptId,
      version: record.version,
    };
    return { record, change };
  });
  const retired = plan.steps.map((step) => ({
    id: step.mergedId,
    change: mergeChange(step, current.get(step.mergedId) as DirectoryService, at),
  }));
  return { kept, retired, steps: plan.steps };
}

/**
 * An import, one service at a time: `step` compares a service with its current record and says
 * what to write (nothing when unchanged; a new record at version 1, a changed one at its next
 * version, with the live records it looks like), keeping the counts the import reports.
 */
export class ImportPlan {
  readonly counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, duplicates: [] };
  private readonly live: DuplicateIndex;

  constructor(
    live: DirectoryService[],
    private readonly at: string,
    private readonly same: (a: DirectoryService, b: DirectoryService) => boolean,
  ) {
    this.live = new DuplicateIndex(live);
  }

  step(
    current: DirectoryService | null,
    service: DirectoryService,
  ): (RecordWrite & { duplicates: DuplicateFlag[] }) | null {
    const { at, counts } = this;
    if (current && this.same(current, service)) {
      counts.unchanged++;
      return null;
    }
    // A new record changed here now, whatever time its file gives: mirrors asking what changed
    // since (HSDS modified_after) must receive it.
    const record = current
      ? { ...service, version: current.version + 1, updatedAt: at }
      : { ...service, updatedAt: at };
    const change: ServiceChange = {
      at,
      actor: null,
      action: "import",
      before: current,
      after: record,
      id: record.id,
      version: record.version,
    };
    if (current) {
      counts.updated++;
      return { record, change, duplicates: [] };
    }
    counts.created++;
    const duplicates = findDuplicates(record, this.live);
    if (duplicates.length) counts.duplicates.push({ id: record.id, of: duplicates });
    this.live.add(record);
    return { record, change, duplicates };
  }
}
