/**
 * The archive's search entries on PostgreSQL, for `copy-to-postgres`. sql.js keeps no page text
 * (its FTS4 index is contentless: the text is in the WARC files), so each copied snapshot without
 * an entry has its text read again from its WARC record, as the indexer first read it, and its
 * entry written as the PostgreSQL indexer writes it. Running again only fills what is missing.
 */
import type pg from "pg";
import { pageTextOf } from "../archive/changes/compute-changes.js";
import { writeSearchEntry } from "../archive/repository-pg/search-write.js";
import { absolutePath } from "../archive/warc-paths.js";
import { inTransaction } from "./pg/pool.js";
import type { Reader } from "./types.js";

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
