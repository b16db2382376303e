/**
 * The archive's copy plan for `chc db copy-to-postgres` (server/db/copy-plan.ts runs it): its
 * PostgreSQL revisions; WARC paths stored relative to the WARC folder (ARCHIVE_WARC_DIR, default
 * `<DATA_DIR>/archive`) so machines sharing that folder find the files; and, after the tables, the
 * search entries. sql.js keeps no page text (its FTS4 index is contentless: the text is in the WARC
 * files), so each copied snapshot without an entry has its text read again from its WARC record, as
 * the indexer first read it, and its entry written as the PostgreSQL indexer writes it, a batch
 * of pages at a time. Running again only fills what is missing.
 */
import type pg from "pg";
import type { Config } from "../../core/config.js";
import type { CopyPlan } from "../../db/copy-plan.js";
import { inTransaction } from "../../db/pg/pool.js";
import type { Reader, Row } from "../../db/types.js";
import { pageTextOf } from "../changes/compute-changes.js";
import { absolutePath, defaultWarcRoot, storedPath } from "../jobs/warc-paths.js";
import { archivePgMigrations } from "../migrations/pg/index.js";
import { rebuildPageWords, type SearchEntryPage, writeSearchEntries } from "./search-write.js";

export interface SearchEntryCounts {
  built: number;
  /** Pages whose WARC record could not be read: findable by title and address only. */
  unreadable: number;
}

/**
 * Pages per transaction of search entries (at most; `batchSize` asks for fewer): a batch is a
 * handful of statements whatever its size (search-write.ts), and it is what a kill loses.
 */
const SEARCH_BATCH = 500;
/** Batches written at once, each on its own connection (copyToPostgres's pool has room for them and a reader). */
const WRITERS = 2;
/** WARC records read at once while a batch's texts are gathered (each opens its file). */
const READS_AT_ONCE = 16;

interface SnapshotSource {
  id: number;
  url: string;
  title: string | null;
  warc_path: string;
  provenance_json: string;
}

/** Columns holding paths under the WARC folder, per table. */
const WARC_PATH_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  snapshots: ["warc_path"],
  archive_jobs: ["output_dir", "state_file_path", "combined_log_path"],
};

export function archiveCopyPlan(config: Pick<Config, "ARCHIVE_WARC_DIR" | "DATA_DIR">): CopyPlan {
  const warcRoot = config.ARCHIVE_WARC_DIR ?? defaultWarcRoot(config.DATA_DIR);
  return {
    // Its PostgreSQL schema exists before the module runs on it: copying ahead of that is harmless.
    pgMigrations: archivePgMigrations,
    rowStep(table) {
      const columns = WARC_PATH_COLUMNS[table];
      if (!columns) return undefined;
      return (row: Row): Row => {
        const out = { ...row };
        for (const c of columns) {
          const value = out[c];
          if (typeof value === "string") out[c] = storedPath(warcRoot, value);
        }
        return out;
      };
    },
    async afterTables({ source, pool, batchSize, afterBatch, progress }) {
      progress.start("archive: search entries", await countMissingSearchEntries(pool), "pages");
      const { built, unreadable } = await buildArchiveSearchEntries(source, pool, {
        batchSize: Math.min(batchSize, SEARCH_BATCH),
        warcRoot,
        afterBatch,
      });
      const lost = unreadable
        ? `; ${unreadable} WARC record(s) unreadable, found by title and address only`
        : "";
      // Each page's union is written once, from all its captures, after the entries: grown batch
      // by batch, the 50,000 unions of a 100,000-capture copy were left spread over 10,400 heap
      // pages of dead versions (81 MB, all read to count a common word's pages), and packing them
      // with VACUUM FULL kept any version another session's snapshot could still see.
      progress.say("archive: writing the pages' word unions");
      await inTransaction(pool, rebuildPageWords);
      return `search entries: ${built} built from the WARC records${lost}`;
    },
  };
}

/** The pages of a batch with their text read again from the WARC records, in id order. */
async function readBatch(
  source: Reader,
  ids: number[],
  warcRoot: string | undefined,
  counts: SearchEntryCounts,
): Promise<SearchEntryPage[]> {
  const pages = source.all<SnapshotSource>(
    `SELECT id, url, title, warc_path, provenance_json FROM snapshots WHERE id IN (${ids.map(() => "?").join(",")}) ORDER BY id`,
    ids,
  );
  const texts: string[] = new Array(pages.length);
  let next = 0;
  const reader = async () => {
    for (let i = next++; i < pages.length; i = next++) {
      const p = pages[i];
      const file = warcRoot ? absolutePath(warcRoot, p.warc_path) : p.warc_path;
      try {
        texts[i] = (await pageTextOf({ warc_path: file, provenance_json: p.provenance_json })).text;
      } catch {
        counts.unreadable++;
        texts[i] = "";
      }
    }
  };
  await Promise.all(Array.from({ length: READS_AT_ONCE }, reader));
  return pages.map((p, i) => ({ id: p.id, title: p.title, url: p.url, text: texts[i] }));
}

/**
 * Writes the search entry of every copied snapshot still without one, a batch per transaction
 * (a run stopped half-way leaves whole batches, and the next run fills the rest). The next
 * batch's texts are read from the WARC files while PostgreSQL writes the ones before. Batches
 * may commit out of order: each is whole, and what is missing is found again by its absence.
 */
export async function buildArchiveSearchEntries(
  source: Reader,
  pool: pg.Pool,
  opts: { batchSize: number; warcRoot?: string; afterBatch?: (pages: number) => void },
): Promise<SearchEntryCounts> {
  const counts: SearchEntryCounts = { built: 0, unreadable: 0 };
  let after = 0;
  const nextBatch = async (): Promise<SearchEntryPage[]> => {
    const { rows: missing } = await pool.query<{ id: number }>(
      `SELECT s.id FROM snapshots s WHERE s.id > $1
          AND NOT EXISTS (SELECT 1 FROM snapshots_fts f WHERE f.id = s.id) ORDER BY s.id LIMIT $2`,
      [after, opts.batchSize],
    );
    if (missing.length === 0) return [];
    after = missing[missing.length - 1].id;
    return readBatch(
      source,
      missing.map((m) => m.id),
      opts.warcRoot,
      counts,
    );
  };
  // Two batches are written at once (PostgreSQL's work is most of a page's cost, and one
  // connection uses one core) while the next is read. Their page rows and words are taken
  // in one order by every writer (search-write.ts), so they wait for each other, never deadlock.
  const writing: { pages: number; done: Promise<void> }[] = [];
  let pages = await nextBatch();
  while (pages.length || writing.length) {
    if (pages.length && writing.length < WRITERS) {
      const batch = pages;
      const done = inTransaction(pool, (client) => writeSearchEntries(client, batch, { unions: false }));
      // A failed write is thrown when its turn comes below.
      done.catch(() => {});
      writing.push({ pages: batch.length, done });
      pages = await nextBatch();
      continue;
    }
    const first = writing.shift();
    if (!first) break;
    await first.done;
    counts.built += first.pages;
    opts.afterBatch?.(first.pages);
  }
  return counts;
}

/** Copied snapshots still without a search entry: the pages `buildArchiveSearchEntries` will read. */
export async function countMissingSearchEntries(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*) AS n FROM snapshots s WHERE NOT EXISTS (SELECT 1 FROM snapshots_fts f WHERE f.id = s.id)",
  );
  return rows[0].n;
}
