/**
 * The duplicate check of partner creates and HSDS imports: a new record that looks like a live one
 * is still written (a person decides), but flagged in the answer and in the admin's audit log.
 */
import type { DirectoryService } from "../../shared/directory/index.js";
import type { DuplicateIndex } from "./duplicates.js";
import type { DuplicateFlag } from "./repository.js";

/** Live records (indexed) that `candidate` duplicates; the caller audits them when there are any. */
export function findDuplicates(candidate: DirectoryService, live: DuplicateIndex): DuplicateFlag[] {
  return live.matches(candidate).map((m) => ({
    id: m.id,
    name: live.nameOf(m.id) ?? m.id,
    score: m.score,
    evidence: m.evidence,
  }));
}
