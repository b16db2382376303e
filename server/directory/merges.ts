/**
 * Writes merges of duplicate records (planned by merge-services.ts) in one transaction: each kept
 * record is saved merged at its next version, each merged-away id becomes a tombstone that syncing
 * clients receive, and both changes go to the audit log with the evidence and the score.
 */
import type { DirectoryService } from "../../shared/directory/index.js";
import type { Store, Tx } from "../db/types.js";
import { type MergeStep, planMerges } from "./merge-services.js";
import { recordServiceChange } from "./repository-sqljs/audit-rows.js";
import { loadCatalogue, markServiceDeleted, writeService } from "./repository-sqljs/service-rows.js";

/** Merges the duplicates among `services` (live records read in this transaction). */
export function mergeDuplicatesIn(tx: Tx, services: DirectoryService[], at: string): MergeStep[] {
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
    recordServiceChange(tx, {
      at,
      actor: null,
      action: "merge",
      before,
      after: {
        id: step.mergedId,
        deleted: true,
        updatedAt: at,
        mergedInto: step.keptId,
        score: step.score,
        evidence: step.evidence,
      },
      id: step.mergedId,
      version: before.version + 1,
    });
  }
  return plan.steps;
}

/** Merges the duplicates among the live services that `eligible` accepts; returns what was merged. */
export function mergeDuplicates(
  store: Store,
  eligible: (s: DirectoryService) => boolean,
  now = new Date(),
): Promise<MergeStep[]> {
  return store.write((tx) =>
    mergeDuplicatesIn(tx, loadCatalogue(tx).services.filter(eligible), now.toISOString()),
  );
}

/** One line per merged pair, for the seed command and the start-up log. */
export function mergeReport(steps: MergeStep[]): string[] {
  return steps.map(
    (s) =>
      `kept ${s.keptId} <- ${s.mergedId}: score ${s.score} (${s.evidence.join(", ")})${
        s.setAside.length ? `; kept only in the audit log: ${s.setAside.join(", ")}` : ""
      }`,
  );
}
