/**
 * Search over snapshots for callers holding a sql.js store or a repository (tests, tasks): the
 * same answers and result cache as the repository's `searchSnapshots` (run-search.ts). Nothing is
 * written.
 */
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import * as run from "./run-search.js";
import type { SearchOutcome, SearchParams } from "./search-types.js";

export type { Hit, SearchOutcome, SearchParams } from "./search-types.js";

export async function runSearch(from: StoreOrRepository, p: SearchParams): Promise<SearchOutcome> {
  return run.runSearch(asArchiveRepository(from), p);
}

/** One search without the result cache (tests compare paths with it; benchmarks use the cache-free cost). */
export async function searchUncached(from: StoreOrRepository, p: SearchParams): Promise<SearchOutcome> {
  return run.searchUncached(asArchiveRepository(from), p);
}
