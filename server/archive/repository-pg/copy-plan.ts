/**
 * The archive's copy plan for `chc db copy-to-postgres` (server/db/copy-plan.ts runs it): its
 * PostgreSQL revisions; WARC paths stored relative to the WARC folder (ARCHIVE_WARC_DIR, default
 * `<DATA_DIR>/archive`) so machines sharing that folder find the files; and, after the tables, the
 * search entries. sql.js keeps no page text (its FTS4 index is contentless: the text is in the WARC
 * files), so each copied snapshot without an entry has its text read again from its WARC record, as
 * the indexer first read it, and its entry written as the PostgreSQL indexer writes it. Running
 * again only fills what is missing.
 */
import type pg from "pg";
import type { Config } from "../../core/config.js";
import type { CopyPlan } from "../../db/copy-plan.js";
import { inTransaction } from "../../db/pg/pool.js";
import type { Reader, Row } from "../../db/types.js";
import { pageTextOf } from "../changes/compute-changes.js";
import { absolutePath, defaultWarcRoot, storedPath } from "../jobs/warc-paths.js";
import { archivePgMigrations } from "../migrations/pg/index.js";
import { writeSearchEntry } from "./search-write.js";

export interface SearchEntryCounts {
  built: number;
  /** Pages whose WARC record could not be read: findable by title and address only. */
  unreadable: number;
}

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
        // Small batches: a page takes milliseconds (its WARC record read, its entry written), and
        // the progress line moves once per batch.
        batchSize: Math.min(batchSize, 100),
        warcRoot,
        afterBatch,
      });
      const lost = unreadable
        ? `; ${unreadable} WARC record(s) unreadable, found by title and address only`
        : "";
      return `search entries: ${built} built from the WARC records${lost}`;
    },
  };
}

export async function buildArchiveSearchEntries(
  source: Reader,
  pool: pg.Pool,
  opts: { batchSize: number; warcRoot?: string; afterBatch?: (pages: number) => void },
): Promise<SearchEntryCounts> {
  const counts: SearchEntryCounts = { built: 0, unreadable: 0 };
  let after = 0;
  for (;;) {
    const { rows: missing } = await pool.query<{ id: number }>(
      `SELECT s.id FROM snapshots s WHERE s.id > $1
          AND NOT EXISTS (SELECT 1 FROM snapshots_fts f WHERE f.id = s.id) ORDER BY s.id LIMIT $2`,
      [after, opts.batchSize],
    );
    if (missing.length === 0) return counts;
    after = missing[missing.length - 1].id;
    const ids = missing.map((m) => m.id);
    const pages = source.all<SnapshotSource>(
      `SELECT id, url, title, warc_path, provenance_json FROM snapshots WHERE id IN (${ids.map(() => "?").join(",")})`,
      ids,
    );
    const texts = await Promise.all(
      pages.map(async (p) => {
        const file = opts.warcRoot ? absolutePath(opts.warcRoot, p.warc_path) : p.warc_path;
        try {
          return (await pageTextOf({ warc_path: file, provenance_json: p.provenance_json })).text;
        } catch {
          counts.unreadable++;
          return "";
        }
      }),
    );
    await inTransaction(pool, async (client) => {
      for (const [i, p] of pages.entries())
        await writeSearchEntry(client, p.id, { title: p.title, url: p.url, text: texts[i] });
    });
    counts.built += pages.length;
    opts.afterBatch?.(pages.length);
  }
}

/** Copied snapshots still without a search entry: the pages `buildArchiveSearchEntries` will read. */
export async function countMissingSearchEntries(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*) AS n FROM snapshots s WHERE NOT EXISTS (SELECT 1 FROM snapshots_fts f WHERE f.id = s.id)",
  );
  return rows[0].n;
}
