/**
 * The duplicate check of partner creates and HSDS imports: a new record that looks like a live one
 * is still written (a person decides), but flagged in the answer and in the admin's audit log.
 */
import type { DirectoryService } from "../../shared/directory/index.js";
import type { Tx } from "../db/types.js";
import { type DuplicateFlag, recordDuplicateFlag } from "./audit.js";
import type { DuplicateIndex } from "./duplicates.js";

/** Live records (indexed) that `candidate` duplicates, audited when there are any. */
export function flagDuplicates(
  tx: Tx,
  candidate: DirectoryService,
  live: DuplicateIndex,
  audit: { at: string; actor: { id: string; email: string } | null },
): DuplicateFlag[] {
  const found = live.matches(candidate).map((m) => ({
    id: m.id,
    name: live.nameOf(m.id) ?? m.id,
    score: m.score,
    evidence: m.evidence,
  }));
  if (found.length) recordDuplicateFlag(tx, { ...audit, id: candidate.id, duplicates: found });
  return found;
}
