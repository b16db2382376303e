/**
 * Archive search on PostgreSQL over generated pages, without the minutes a WARC copy takes: a
 * throwaway cluster (tests/helpers/pg-cluster.ts), the archive schema, then N pages written
 * straight into `snapshots`/`snapshots_fts` by SQL (words drawn from a vocabulary with a Zipf-like
 * skew, ~300 a page, titles of four words, half the pages holding "health"), and each query kind
 * timed through `searchSnapshotsPg` by 8 callers at once.
 * Run: `npx tsx bench/postgres-generated.ts [pages] [seconds]`.
 */
import type pg from "pg";
import { archivePgMigrations } from "../server/archive/migrations/pg/index.js";
import { searchSnapshotsPg } from "../server/archive/repository-pg/search.js";
import { searchParams } from "../server/archive/search/search-types.js";
import { pgUpgrade } from "../server/db/pg/migrations.js";
import { adminPool } from "../server/db/pg/open.js";
import { createPgPool } from "../server/db/pg/pool.js";
import { startPgCluster } from "../tests/helpers/pg-cluster.js";
import { percentiles } from "./lib.js";

const VOCABULARY = 20_000;

/** Word k of the vocabulary: letters from its hash, 4 to 9 of them. */
const word = (k: string) => `translate(substr(md5(${k}::text), 1, 4 + ${k} % 6), '0123456789', 'ghijklmnop')`;
/** A vocabulary rank drawn log-uniformly: rank k about as likely as 1/k (Zipf-like). */
const zipf = `floor(exp(random() * ln(${VOCABULARY})))::int`;

export async function generate(admin: pg.Pool, pages: number): Promise<void> {
  await admin.query(`CREATE TEMP TABLE gen AS
    SELECT n,
      (SELECT string_agg(${word("k")}, ' ') FROM (SELECT ${zipf} + n * 0 AS k FROM generate_series(1, 4)) t) AS title,
      (SELECT string_agg(${word("k")}, ' ') FROM (SELECT ${zipf} + n * 0 AS k FROM generate_series(1, 300)) t)
        || CASE WHEN n % 2 = 0 THEN ' health' ELSE '' END AS body
    FROM generate_series(1, ${pages}) n`);
  await admin.query(`INSERT INTO archive.snapshots (id, url, normalized_url_group, capture_timestamp, status_code,
      title, language, warc_path, created_at, updated_at)
    SELECT n, url, url, to_char(timestamp '2020-01-01' + n * interval '5 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'),
      200, title, 'en', 'gen.warc.gz', '2026-01-01', '2026-01-01'
    FROM (SELECT n, title, format('https://site%s.example.ca/section%s/page%s', n % 50, n % 20, n) AS url FROM gen) g`);
  const vec = (cfg: string) =>
    `setweight(to_tsvector('archive.${cfg}', title), 'A') || setweight(to_tsvector('archive.${cfg}', url_words), 'B') || setweight(to_tsvector('archive.${cfg}', body), 'D')`;
  // Building the GIN indexes once at the end is several times faster than keeping them up to date.
  await admin.query("DROP INDEX archive.snapshots_fts_en, archive.snapshots_fts_fr");
  await admin.query(`INSERT INTO archive.snapshots_fts (id, fts_en, fts_fr, fts_exact)
    SELECT n, ${vec("english_unaccent")}, ${vec("french_unaccent")}, ${vec("simple_unaccent")}
    FROM (SELECT n, title, body, format('https site%s example ca section%s page%s', n % 50, n % 20, n) AS url_words FROM gen) g`);
  await admin.query(`CREATE INDEX snapshots_fts_en ON archive.snapshots_fts USING gin (fts_en);
    CREATE INDEX snapshots_fts_fr ON archive.snapshots_fts USING gin (fts_fr)`);
  await admin.query(`INSERT INTO archive.search_terms (term)
    SELECT DISTINCT w FROM gen, regexp_split_to_table(title || ' ' || body, ' ') w ON CONFLICT DO NOTHING`);
  await admin.query("SELECT setval('archive.snapshots_id_seq', $1)", [pages]);
  await admin.query("ANALYZE archive.snapshots; ANALYZE archive.snapshots_fts; ANALYZE archive.search_terms");
}

/** A rare vocabulary word, a fuzzy spelling of a mid one, and the rest, read from the data. */
export async function queries(admin: pg.Pool): Promise<Record<string, string[]>> {
  const words = async (from: number, to: number) =>
    (await admin.query<{ w: string }>(`SELECT ${word("k")} AS w FROM generate_series(${from}, ${to}) k`)).rows
      .map((r) => r.w)
      .filter((w) => /^[a-z]+$/.test(w));
  const common = await words(2, 9);
  const mid = await words(200, 260);
  const rare = await words(15_000, 15_060);
  const typo = (w: string) => `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`;
  return {
    "relevance, common word": ["health", ...common.slice(0, 3)],
    "relevance, rare word": rare.slice(0, 20),
    "two words": mid.slice(0, 20).map((w, i) => `${w} ${common[i % common.length]}`),
    "quoted phrase": mid.slice(0, 20).map((w, i) => `"${common[i % common.length]} ${w}"`),
    fuzzy: rare
      .filter((w) => w.length >= 6)
      .slice(0, 20)
      .map(typo),
    prefix: mid.filter((w) => w.length >= 7).map((w) => w.slice(0, 5)),
    newest: [""],
    url: ["site7.example.ca/section3", "https://site12.example.ca/section5/page12345"],
  };
}

export async function timeKind(pool: pg.Pool, qs: string[], seconds: number, callers: number) {
  const samples: number[] = [];
  let next = 0;
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const q = qs[next++ % qs.length];
      const t = performance.now();
      try {
        await searchSnapshotsPg(pool, searchParams(q));
        samples.push(performance.now() - t);
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  return { ...percentiles(samples), n: samples.length, failed };
}

async function main() {
  const pages = Number(process.argv[2] ?? 100_000);
  const seconds = Number(process.argv[3] ?? 10);
  const cluster = await startPgCluster();
  try {
    const url = cluster.createDatabase("bench");
    const admin = adminPool(url, "archive");
    await pgUpgrade(
      admin,
      "archive",
      archivePgMigrations.filter((m) => m.version < 9),
    );
    let t = performance.now();
    await generate(admin, pages);
    console.log(`generated ${pages} pages in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    t = performance.now();
    await pgUpgrade(admin, "archive", archivePgMigrations);
    console.log(
      `later revisions (ranking columns filled) in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
    const kinds = await queries(admin);
    await admin.end();
    // A 5 s statement limit, as the server's request timeout would cut a search.
    const pool = createPgPool({ url, schema: "archive", size: 8, statementTimeoutMs: 5_000 });
    console.log("kind | p50 | p95 | p99 ms | answers | timed out");
    for (const [kind, qs] of Object.entries(kinds)) {
      const r = await timeKind(pool, qs, seconds, 8);
      console.log(
        `${kind} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.n} | ${r.failed}`,
      );
    }
    await pool.end();
  } finally {
    cluster.destroy();
  }
}

if (process.argv[1]?.endsWith("postgres-generated.ts")) await main();
