/**
 * Merges of duplicate records (planned by merge-services.ts, written by the repository in one
 * transaction): each kept record is saved merged at its next version, each merged-away id becomes a
 * tombstone that syncing clients receive, and both changes go to the audit log.
 */
import type { MergeStep } from "./merge-services.js";

/** One line per merged pair, for the seed command and the start-up log. */
export function mergeReport(steps: MergeStep[]): string[] {
  return steps.map(
    (s) =>
      `kept ${s.keptId} <- ${s.mergedId}: score ${s.score} (${s.evidence.join(", ")})${
        s.setAside.length ? `; kept only in the audit log: ${s.setAside.join(", ")}` : ""
      }`,
  );
}
