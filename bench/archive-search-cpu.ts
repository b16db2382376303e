/**
 * Where a search's CPU time goes inside the search worker, without HTTP or threads: builds the
 * packed index in this process from the large generated archive (bench/archive-search.ts makes
 * it), then runs the same query mix as the load bench through memorySearch one query at a time,
 * and prints per mode the median, p95 and worst single-query time. `--cpu-prof` on this script
 * gives a profile of the index alone. `npx tsx bench/archive-search-cpu.ts`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import initSqlJs from "sql.js";
import { readLeaf } from "../server/archive/search/fts-leaf.js";
import {
  leafBlocks,
  listSegments,
  maxSnapshotId,
  readDocMetas,
  readDocSizes,
} from "../server/archive/search/index-reads.js";
import { memorySearch } from "../server/archive/search/memory-search.js";
import { PackedIndex } from "../server/archive/search/packed/packed-index.js";
import { detectMode } from "../server/archive/search/query-parse.js";
import type { SearchParams } from "../server/archive/search/search-types.js";
import type { Reader, SqlParams } from "../server/db/types.js";
import { keptArchiveDir } from "./archive.js";
import { queryMix } from "./archive-read.js";

const pages = Number(process.env.ARCHIVE_BENCH_PAGES ?? 100_000);
const dir = process.env.ARCHIVE_BENCH_DB_DIR ?? keptArchiveDir("archive", pages);

export async function buildIndexFrom(file: string): Promise<{ ix: PackedIndex; db: Reader }> {
  const SQL = await initSqlJs();
  const raw = new SQL.Database(readFileSync(file));
  const db: Reader = {
    all: <T>(sql: string, params?: SqlParams) => {
      const st = raw.prepare(sql, params as never);
      const rows: T[] = [];
      while (st.step()) rows.push(st.getAsObject() as T);
      st.free();
      return rows;
    },
    get: <T>(sql: string, params?: SqlParams) => db.all<T>(sql, params)[0],
  };
  const ix = new PackedIndex();
  const upTo = maxSnapshotId(db);
  for (let after = 0; ; ) {
    const metas = readDocMetas(db, after, upTo, 5000);
    if (!metas.length) break;
    const last = metas[metas.length - 1].id;
    const sizes = new Map(readDocSizes(db, after, last, 5000).map((s) => [s.id, s.len]));
    for (const m of metas) ix.docs.add(m, sizes.get(m.id) ?? [0, 0, 0]);
    after = last;
  }
  let open = false;
  const sink = {
    term(text: string) {
      if (open) ix.endTerm();
      ix.beginTerm(text);
      open = true;
    },
    posting(d: number, t0: number, t1: number, t2: number, pos: Int32Array) {
      if (d <= upTo) ix.posting(d, t0, t1, t2, pos);
    },
    end() {
      if (open) ix.endTerm();
      open = false;
    },
  };
  for (const seg of listSegments(db))
    for (let from = 0; ; from += 256) {
      const blocks = leafBlocks(db, seg, from, 256);
      if (!blocks.length) break;
      for (const b of blocks) readLeaf(b, sink);
    }
  ix.docs.reserve(upTo + 1);
  ix.finish();
  return { ix, db };
}

function params(pathAndQuery: string, pageSize: number): SearchParams {
  const u = new URL(pathAndQuery, "http://x");
  const s = u.searchParams;
  return {
    q: s.get("q") ?? "",
    language: s.get("language") ?? undefined,
    view: (s.get("view") as SearchParams["view"]) ?? "pages",
    sort: "relevance",
    page: Number(s.get("page") ?? 1),
    pageSize,
    includeNon2xx: false,
    includeDuplicates: false,
  };
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

if (import.meta.url === `file://${process.argv[1]}`) {
  const t0 = performance.now();
  const { ix } = await buildIndexFrom(path.join(dir, "archive.sqlite"));
  console.log(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${ix.bytes()} bytes`);
  for (const [name, paths] of Object.entries(queryMix(pages))) {
    const times: number[] = [];
    let worst = "";
    for (let round = 0; round < 2; round++)
      for (const [i, p] of paths.entries()) {
        const sp = params(p, 10 + (i % 90));
        const kind = detectMode(sp.q);
        if (kind === "url") continue;
        const a = performance.now();
        memorySearch(ix, sp, kind, null);
        const ms = performance.now() - a;
        if (round) {
          times.push(ms);
          if (ms >= Math.max(...times)) worst = sp.q;
        }
      }
    times.sort((a, b) => a - b);
    if (times.length)
      console.log(
        `${name.padEnd(48)} n=${times.length} p50 ${pct(times, 50).toFixed(2)} p95 ${pct(times, 95).toFixed(2)} max ${times[times.length - 1].toFixed(2)} ms (${worst})`,
      );
  }
}
