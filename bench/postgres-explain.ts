/**
 * Where PostgreSQL's time goes in archive search, query by query, from PostgreSQL's own figures
 * (latency under load is noise on a busy machine). `capture` runs each query of a search mix of
 * bench/archive-read.ts once through the repository's own code (searchSnapshotsPg), recording the
 * statements it sends and what it answered; `measure` runs every recorded statement again under
 * `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF)` (per-node clocks would inflate the times) in a
 * transaction opened as the search opens its own, and prints per pass the sum of planning and
 * execution times over the mix, then the medians, buffers and the slowest queries. Given two
 * captures (before and after a change), it alternates them query by query, so load on the machine
 * falls on both alike, and says whether they answered the same; then how one search's CPU spreads
 * (p50, p90, p95; one word against several), since the slowest searches make a load's p95.
 * `show` prints one query's plans.
 *   DATABASE_URL=postgres://… npx tsx bench/postgres-explain.ts capture [relevance|fuzzy|phrase] out.json
 *   DATABASE_URL=postgres://… [DATABASE_URL_B=…] npx tsx bench/postgres-explain.ts measure before.json [after.json] [passes]
 *   DATABASE_URL=postgres://… npx tsx bench/postgres-explain.ts show "your vaccination"
 */
import { readFileSync, writeFileSync } from "node:fs";
import type pg from "pg";
import { searchSnapshotsPg } from "../server/archive/repository-pg/search.js";
import type { SearchParams } from "../server/archive/search/search-types.js";
import { createPgPool } from "../server/db/pg/pool.js";
import { queryMix } from "./archive-read.js";
import { percentile } from "./lib.js";
import { ARCHIVE_PAGES } from "./postgres-data.js";
import { ARCHIVE_MODES } from "./postgres-summary.js";

interface Statement {
  sql: string;
  values?: unknown[];
}

/** One search as sent: its BEGIN, its statements, and what it answered. */
interface Captured {
  q: string;
  begin: string;
  statements: Statement[];
  answer: string;
}

interface Explained {
  planningMs: number;
  executionMs: number;
  hit: number;
  read: number;
}

export async function capture(pool: pg.Pool, q: string, p: SearchParams): Promise<Captured> {
  const statements: Statement[] = [];
  let begin = "";
  const recording = {
    connect: async () => {
      const client = await pool.connect();
      return new Proxy(client, {
        get(target, key) {
          if (key !== "query") return Reflect.get(target, key);
          return (sql: string, values?: unknown[]) => {
            if (/^BEGIN/.test(sql)) begin = sql;
            else if (sql !== "COMMIT" && sql !== "ROLLBACK") statements.push({ sql, values });
            return target.query(sql, values);
          };
        },
      });
    },
  } as unknown as pg.Pool;
  const out = await searchSnapshotsPg(recording, p);
  const answer = JSON.stringify({
    mode: out.mode,
    total: out.total,
    hits: out.hits.map((h) => [h.id, h.group]),
  });
  return { q, begin, statements, answer };
}

type PlanNode = Record<string, unknown>;

const backendPids = new WeakMap<pg.ClientBase, number>();

/** The CPU time the server process behind `client` has used so far, in ms (Linux's schedstat, in ns). */
async function backendCpuMs(client: pg.ClientBase): Promise<number> {
  let pid = backendPids.get(client);
  if (pid === undefined) {
    pid = Number((await client.query("SELECT pg_backend_pid() AS pid")).rows[0].pid);
    backendPids.set(client, pid);
  }
  return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
}

/**
 * One search's statements explained in a transaction opened as the search opens its own, with
 * the CPU time its server process spent on the whole transaction (`cpuMs`: what a busy machine
 * does not inflate, unlike the times EXPLAIN measures by the clock).
 */
export async function explainSearch(
  pool: pg.Pool,
  c: Captured,
  timing: boolean,
): Promise<(Explained & { plan: string })[] & { cpuMs?: number }> {
  const client = await pool.connect();
  try {
    const cpu0 = await backendCpuMs(client);
    await client.query(c.begin);
    const out: (Explained & { plan: string })[] = [];
    for (const s of c.statements) {
      // A planner estimate the search reads (search-ranked.ts) is run as it is: it plans, executes nothing.
      if (/^EXPLAIN/.test(s.sql)) {
        await client.query(s.sql, s.values);
        out.push({ planningMs: 0, executionMs: 0, hit: 0, read: 0, plan: "(the planner's estimate only)" });
        continue;
      }
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS, TIMING ${timing ? "ON" : "OFF"}, FORMAT ${timing ? "TEXT" : "JSON"}) ${s.sql}`,
        s.values,
      );
      if (timing) {
        const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        const num = (label: string) => Number(new RegExp(`${label}: ([\\d.]+) ms`).exec(plan)?.[1] ?? 0);
        out.push({
          planningMs: num("Planning Time"),
          executionMs: num("Execution Time"),
          hit: 0,
          read: 0,
          plan,
        });
        continue;
      }
      const e = rows[0]["QUERY PLAN"][0] as {
        Plan: PlanNode;
        "Planning Time": number;
        "Execution Time": number;
      };
      out.push({
        planningMs: e["Planning Time"],
        executionMs: e["Execution Time"],
        hit: Number(e.Plan["Shared Hit Blocks"] ?? 0),
        read: Number(e.Plan["Shared Read Blocks"] ?? 0),
        plan: "",
      });
    }
    await client.query("COMMIT");
    return Object.assign(out, { cpuMs: (await backendCpuMs(client)) - cpu0 });
  } finally {
    client.release();
  }
}

export const params = (q: string, pageSize: number): SearchParams => ({
  q,
  view: "pages",
  sort: "relevance",
  page: 1,
  pageSize,
  includeNon2xx: false,
  includeDuplicates: false,
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Per capture file: each pass's total, planning and buffers, and each query's times. */
interface Tally {
  cpu: number[];
  totals: number[];
  planning: number[];
  hit: number;
  read: number;
  perQuery: Map<string, number[]>;
}

async function measure(pools: pg.Pool[], files: string[], passes: number): Promise<void> {
  const sets = files.map((f) => JSON.parse(readFileSync(f, "utf8")) as Captured[]);
  if (sets.length === 2) {
    const differ = sets[0].filter((c, i) => c.answer !== sets[1][i]?.answer);
    console.log(
      `answers: ${differ.length ? `${differ.length} differ (${differ.map((c) => c.q).join(", ")})` : "identical"}`,
    );
  }
  const tallies: Tally[] = sets.map(() => ({
    cpu: [],
    totals: [],
    planning: [],
    hit: 0,
    read: 0,
    perQuery: new Map(),
  }));
  for (let pass = 0; pass < passes; pass++) {
    const run = sets.map(() => ({ cpu: 0, total: 0, planning: 0, hit: 0, read: 0 }));
    for (let i = 0; i < sets[0].length; i++) {
      // Alternate which side goes first, so neither always meets the other's warm cache.
      const order = sets.map((_, k) => k);
      if ((i + pass) % 2) order.reverse();
      for (const k of order) {
        const c = sets[k][i];
        const explained = await explainSearch(pools[k] ?? pools[0], c, false);
        const ms = explained.reduce((n, e) => n + e.planningMs + e.executionMs, 0);
        run[k].cpu += explained.cpuMs ?? 0;
        run[k].total += ms;
        run[k].planning += explained.reduce((n, e) => n + e.planningMs, 0);
        run[k].hit += explained.reduce((n, e) => n + e.hit, 0);
        run[k].read += explained.reduce((n, e) => n + e.read, 0);
        tallies[k].perQuery.set(c.q, [...(tallies[k].perQuery.get(c.q) ?? []), explained.cpuMs ?? 0]);
      }
    }
    for (const [k, r] of run.entries()) {
      tallies[k].cpu.push(r.cpu);
      tallies[k].totals.push(r.total);
      tallies[k].planning.push(r.planning);
      tallies[k].hit = r.hit;
      tallies[k].read = r.read;
      console.log(
        `pass ${pass + 1} ${files[k]}: server CPU ${r.cpu.toFixed(0)} ms; EXPLAIN ${r.total.toFixed(0)} ms (planning ${r.planning.toFixed(0)}), buffers hit ${r.hit} read ${r.read}`,
      );
    }
  }
  for (const [k, t] of tallies.entries()) {
    const n = sets[k].length;
    const words = (q: string) => q.split(" ").length;
    const byKind = (single: boolean) =>
      [...t.perQuery]
        .filter(([q]) => (words(q) === 1) === single)
        .reduce((sum, [, xs]) => sum + median(xs), 0)
        .toFixed(0);
    console.log(
      `${files[k]}: medians of ${passes} passes over ${n} searches: server CPU ${median(t.cpu).toFixed(0)} ms (${(median(t.cpu) / n).toFixed(2)} ms a search: one word ${byKind(true)} ms, several ${byKind(false)} ms); EXPLAIN ${median(t.totals).toFixed(0)} ms (planning ${median(t.planning).toFixed(0)})`,
    );
    const slowest = [...t.perQuery].map(([q, xs]) => [q, median(xs)] as const).sort((a, b) => b[1] - a[1]);
    // What the tail of a load is made of: the spread of one search's CPU, by how many words it has.
    const spread = (single: boolean | null) => {
      const xs = slowest.filter(([q]) => single === null || (words(q) === 1) === single).map(([, ms]) => ms);
      return [50, 90, 95].map((p) => `p${p} ${percentile(xs, p).toFixed(1)}`).join(", ");
    };
    console.log(
      `  CPU of one search, ms: all ${spread(null)}; one word ${spread(true)}; several ${spread(false)}`,
    );
    console.log(
      `  most CPU: ${slowest
        .slice(0, 12)
        .map(([q, ms]) => `${q} ${ms.toFixed(1)}`)
        .join(", ")}`,
    );
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is required");
  const [command, ...args] = process.argv.slice(2);
  const pool = createPgPool({ url, schema: "archive", size: 2 });
  try {
    if (command === "capture") {
      const mode = args[0] as keyof typeof ARCHIVE_MODES;
      // The bench asks each query with page sizes 10 to 99 (distinct); the n-th query here takes 10 + n % 90.
      const queries = queryMix(ARCHIVE_PAGES)[ARCHIVE_MODES[mode]].map(
        (path) => new URL(path, "http://x").searchParams.get("q") ?? "",
      );
      const captured: Captured[] = [];
      for (const [i, q] of queries.entries()) captured.push(await capture(pool, q, params(q, 10 + (i % 90))));
      writeFileSync(args[1], JSON.stringify(captured));
      console.log(
        `${captured.length} searches, ${captured.reduce((n, c) => n + c.statements.length, 0)} statements`,
      );
    } else if (command === "measure") {
      const passes = /^\d+$/.test(args[args.length - 1]) ? Number(args.pop()) : 3;
      // The second capture may run against another database (DATABASE_URL_B: the same data at another revision).
      const other = process.env.DATABASE_URL_B;
      const second = other ? createPgPool({ url: other, schema: "archive", size: 2 }) : pool;
      try {
        await measure([pool, second], args, passes);
      } finally {
        if (second !== pool) await second.end();
      }
    } else if (command === "show") {
      const c = await capture(pool, args[0], params(args[0], 10));
      for (const [i, e] of (await explainSearch(pool, c, true)).entries())
        console.log(
          `-- statement ${i + 1}\n${c.statements[i].sql}\n${JSON.stringify(c.statements[i].values)}\n${e.plan}\n`,
        );
    } else throw new Error("commands: capture, measure, show");
  } finally {
    await pool.end();
  }
}

if (process.argv[1]?.endsWith("postgres-explain.ts")) await main();
