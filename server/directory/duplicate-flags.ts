/**
 * The duplicate check of partner creates and HSDS imports: a new record that looks like a live one
 * is still written (a person decides), but flagged in the answer and in the admin's audit log.
 * The audit row keeps references, not copies: the ids of the strongest matches (at most
 * STORED_MATCHES) with their score and evidence, and how many there were; names are looked up
 * when the log is read, so a create among many similar services writes a row of bounded size.
 */
import type { DirectoryService } from "../../shared/directory/index.js";
import type { DuplicateIndex } from "./duplicates.js";
import type { AuditEntry, DuplicateFlag } from "./repository.js";

/** Matches an audit row names; the answer to the create still lists every one. */
export const STORED_MATCHES = 10;

/** Live records (indexed) that `candidate` duplicates, strongest first; the caller audits them when there are any. */
export function findDuplicates(candidate: DirectoryService, live: DuplicateIndex): DuplicateFlag[] {
  return live.matches(candidate).map((m) => ({
    id: m.id,
    name: live.nameOf(m.id) ?? m.id,
    score: m.score,
    evidence: m.evidence,
  }));
}

/** What a "possible-duplicate" audit row stores (its `after`). */
export interface StoredDuplicateFlag {
  possibleDuplicateOf: Omit<DuplicateFlag, "name">[];
  /** Every match found, of which `possibleDuplicateOf` keeps the strongest. */
  matchCount: number;
}

export function storedDuplicateFlag(duplicates: readonly DuplicateFlag[]): StoredDuplicateFlag {
  return {
    possibleDuplicateOf: duplicates
      .slice(0, STORED_MATCHES)
      .map(({ id, score, evidence }) => ({ id, score, evidence })),
    matchCount: duplicates.length,
  };
}

/**
 * A "possible-duplicate" entry as the admin reads it: each referenced record with its name now
 * (`nameOf`), or the name an older row kept, or its id when it is gone. Other entries are unchanged.
 */
export function withDuplicateNames(
  entry: AuditEntry,
  nameOf: (id: string) => string | undefined,
): AuditEntry {
  if (entry.action !== "possible-duplicate" || !entry.after || typeof entry.after !== "object") return entry;
  const after = entry.after as { possibleDuplicateOf?: { id: string; name?: string }[]; matchCount?: number };
  const refs = after.possibleDuplicateOf ?? [];
  return {
    ...entry,
    after: {
      ...after,
      possibleDuplicateOf: refs.map((r) => ({ ...r, name: nameOf(r.id) ?? r.name ?? r.id })),
      matchCount: after.matchCount ?? refs.length,
    },
  };
}
