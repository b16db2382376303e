/** Shapes of a search request and its outcome, shared by the main thread and the search worker. */
import type { SearchMode } from "./query-parse.js";

export interface SearchParams {
  q: string;
  source?: string;
  from?: string;
  to?: string;
  /** The time zone from and to are days in (captureRange); UTC when not given. */
  tz?: string;
  language?: string;
  view: "pages" | "snapshots";
  sort: "relevance" | "newest";
  page: number;
  pageSize: number;
  includeNon2xx: boolean;
  includeDuplicates: boolean;
}

/** A search for `q` as the API reads one with no other parameter (relevance, pages, the first 20), then `more`. */
export const searchParams = (q: string, more: Partial<SearchParams> = {}): SearchParams => ({
  q,
  view: "pages",
  sort: "relevance",
  page: 1,
  pageSize: 20,
  includeNon2xx: false,
  includeDuplicates: false,
  ...more,
});

export interface Hit {
  id: number;
  group: string;
  ts: string;
  score: number;
  /** A search by address that found this page through a redirect: the address it was reached from. */
  reachedFrom?: string;
}

export interface SearchOutcome {
  mode: SearchMode;
  total: number;
  /**
   * The total is an estimate (PostgreSQL, a search expected to find more than it counts); the
   * sql.js paths always count.
   */
  totalEstimated?: boolean;
  hits: (Hit & { pageSnapshotsCount: number })[];
  /** Tokens to mark in snippets (prefixes in fallback mode). */
  marks: { terms: string[]; prefix: boolean };
  /**
   * Which path answered: the packed index in the search worker or FTS4 on the main thread (sql.js),
   * or PostgreSQL's own full-text search.
   */
  answeredBy: "index" | "fts4" | "postgres";
}
