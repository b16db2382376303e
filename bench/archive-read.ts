/**
 * Archive read API under load (real server in a child process over the large generated
 * database): every search mode with hundreds of distinct queries that never repeat within a run
 * (so the result cache cannot answer them), a cached set for comparison, snapshot, sources and
 * changes at 1, 8 and 32 connections; then resident memory while the full snapshot export streams.
 * Queries come from the EN/FR sentences the pages are built from and from the golden queries.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { moreTopics } from "../server/archive/crawl/demo-site/more-topics.js";
import { topics } from "../server/archive/crawl/demo-site/topics.js";
import { queryTokens } from "../server/archive/search/query-parse.js";
import { GOLDEN_QUERIES } from "../server/archive/tasks/golden-queries.js";
import { type BenchRow, healthDetails, load, startChild, stopChild } from "./lib.js";

const TARGETS: Record<string, string> = {
  search: "spec p50 500 / p95 2000 ms; goal p95 ≤ 100 ms at 8 conns",
  snapshot: "spec p95 300 ms; goal ≤ 20 ms at 8 conns",
  sources: "spec p95 300 ms; goal ≤ 20 ms at 8 conns",
  changes: "spec p95 500 ms; goal ≤ 20 ms at 8 conns",
};

/** Deterministic pick of `n` items spread over `list`. */
const spread = <T>(list: T[], n: number): T[] =>
  Array.from(
    { length: Math.min(n, list.length) },
    (_, i) => list[Math.floor((i * list.length) / Math.min(n, list.length))],
  );

/**
 * Two lists merged in proportion (each item placed at its relative position in its own list), so
 * every stretch of the result holds them in the same ratio. A load takes the next requests of a
 * mix run after run; with one list after the other, each run of three measured a different share
 * of the second (30% to 55% of the relevance mix's pairs), and the pairs are its heavy queries.
 */
export const interleave = <T>(a: T[], b: T[]): T[] =>
  [
    ...a.map((x, i) => ({ x, at: (i + 0.5) / a.length })),
    ...b.map((x, i) => ({ x, at: (i + 0.5) / b.length })),
  ]
    .sort((p, q) => p.at - q.at)
    .map((p) => p.x);

export function queryMix(pages: number): Record<string, string[]> {
  const sentences = [...topics, ...moreTopics].flatMap((t) =>
    (["en", "fr"] as const).flatMap((l) => [t[l].summary, t[l].advice, ...t[l].prevention, ...t[l].signs]),
  );
  const words = [...new Set(sentences.flatMap((s) => queryTokens(s)).filter((w) => w.length >= 4))].sort();
  const vocab = new Set(words);
  const pairs = sentences.flatMap((s) => {
    const w = queryTokens(s).filter((x) => x.length >= 4);
    return w.slice(1).map((x, i) => `${w[i]} ${x}`);
  });
  const prefixes = [...new Set(words.filter((w) => w.length >= 7).map((w) => w.slice(0, 5)))].filter(
    (p) => !vocab.has(p),
  );
  const typos = words
    .filter((w) => w.length >= 6)
    .map((w) => `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`)
    .filter((w) => !vocab.has(w));
  const enc = encodeURIComponent;
  const search = (q: string) => `/api/search?q=${enc(q)}`;
  return {
    "search relevance_fts (EN/FR words and pairs)": interleave(spread(words, 200), spread(pairs, 150)).map(
      search,
    ),
    "search golden queries": GOLDEN_QUERIES.map(search),
    "search relevance_fallback (prefixes)": spread(prefixes, 150).map(search),
    "search relevance_fuzzy (typos)": spread(typos, 150).map(search),
    "search boolean (AND/OR/NOT, fields)": spread(words, 150).map((w, i) => {
      const other = words[(i * 37 + 11) % words.length];
      return search(
        [`${w} OR ${other}`, `${w} NOT ${other}`, `title:${w}`, `(${w} OR ${other}) AND url:p1`][i % 4],
      );
    }),
    // Quoted phrases: answered from word positions by the packed index.
    "search quoted phrases": spread(
      sentences.map((s) => queryTokens(s).slice(1, 3).join(" ")),
      80,
    ).map((ph) => search(`"${ph}"`)),
    "search url": Array.from({ length: 200 }, (_, i) =>
      search(`http://bench.example/s/p${(i * 7919) % Math.ceil(pages / 2)}.html`),
    ),
    "search newest": Array.from(
      { length: 60 },
      (_, i) =>
        `/api/search?page=${1 + (i % 20)}${i % 3 === 1 ? "&language=fr" : ""}${i % 3 === 2 ? "&view=snapshots" : ""}`,
    ),
  };
}

/** Request variants that never repeat a cache key: each request takes the next (path, pageSize). */
export function distinct(paths: string[]) {
  let i = 0;
  return [
    {
      method: "GET",
      setupRequest: (req: Record<string, unknown>) => {
        const n = i++;
        const size = 10 + (Math.floor(n / paths.length) % 90);
        return { ...req, path: `${paths[n % paths.length]}&pageSize=${size}` };
      },
    },
  ];
}

export function vmRss(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

export async function untilIndexReady(url: string): Promise<string> {
  const t0 = performance.now();
  for (;;) {
    const s = findIndex(await healthDetails(url));
    if (!s || s.state === "ready" || s.state === "off" || performance.now() - t0 > 600_000)
      return JSON.stringify(s ?? "not reported");
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Finds the searchIndex object wherever health details nest it. */
function findIndex(v: unknown): { state: string } | undefined {
  if (!v || typeof v !== "object") return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (k === "searchIndex") return x as { state: string };
    const found = findIndex(x);
    if (found) return found;
  }
  return undefined;
}

/** p50/p95/p99 and req/s of the read API at 1, 8 and 32 connections; `label` marks the run. */
export async function benchReadApi(
  dataDir: string,
  pages: number,
  label = "",
  env: Record<string, string> = {},
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const server = await startChild(
    ["--import", "tsx", "server/cli.ts", "serve"],
    {
      PORT: "0",
      REPLAY_PORT: "0",
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      SCHEDULER: "0",
      LOG_LEVEL: "info",
      RATE_LIMIT_PER_MINUTE: "100000000",
      ...env,
    },
    /"listening"/,
  );
  const url = JSON.parse(server.line).url as string;
  const pid = server.child.pid as number;
  try {
    const t0 = performance.now();
    const index = await untilIndexReady(url);
    rows.push({
      name: `${label}search index at start-up`,
      p50: Number.NaN,
      p95: Number.NaN,
      p99: Number.NaN,
      extra: `${((performance.now() - t0) / 1000).toFixed(1)} s after listening; ${index}; RSS ${vmRss(pid).toFixed(0)} MB; database ${(statSync(path.join(dataDir, "archive.sqlite")).size / 1024 / 1024).toFixed(0)} MB`,
    });
    const mix = queryMix(pages);
    const cached = ["vaccination", "influenza vaccine", "grippe", "sante mentale"].map(
      (q) => `/api/search?q=${encodeURIComponent(q)}`,
    );
    const endpoints: [string, string, () => object[]][] = [
      ...Object.entries(mix).map(
        ([name, paths]) =>
          [`${name}, uncached`, "search", () => distinct(paths)] as [string, string, () => object[]],
      ),
      [
        "search relevance_fts, cached (4 queries)",
        "search",
        () => cached.map((path) => ({ method: "GET", path })),
      ],
      [
        "snapshot",
        "snapshot",
        () => {
          let i = 0;
          return [
            {
              method: "GET",
              setupRequest: (r: object) => ({ ...r, path: `/api/snapshot/${1 + ((i++ * 7919) % pages)}` }),
            },
          ];
        },
      ],
      ["sources", "sources", () => [{ method: "GET", path: "/api/sources" }]],
      ["changes", "changes", () => [{ method: "GET", path: "/api/changes" }]],
    ];
    for (const [name, kind, requests] of endpoints) {
      const reqs = requests();
      for (const connections of [1, 8, 32]) {
        const r = await load({
          url,
          connections,
          durationSeconds: Number(process.env.ARCHIVE_BENCH_SECONDS ?? 5),
          requests: reqs as never,
        });
        const bad = r.errors + r.non2xx ? `${r.errors} errors, ${r.non2xx} non-2xx; ` : "";
        rows.push({ name: `${label}GET ${name}`, connections, ...r, extra: `${bad}${TARGETS[kind]}` });
      }
    }
    rows.push({
      name: `${label}server resident memory after the read load`,
      p50: Number.NaN,
      p95: Number.NaN,
      p99: Number.NaN,
      extra: `${vmRss(pid).toFixed(0)} MB`,
    });
    for (const format of ["jsonl", "csv"]) rows.push(await exportMemory(url, pid, format, label));
  } finally {
    await stopChild(server.child);
  }
  return rows;
}

/** Streams every snapshot and records how far the server's RSS rises above where it started. */
async function exportMemory(url: string, pid: number, format: string, label: string): Promise<BenchRow> {
  const before = vmRss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, vmRss(pid));
  }, 50);
  const t0 = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`${url}/api/exports/snapshots?format=${format}`);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const b of value) if (b === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, vmRss(pid));
  const rise = peak - before;
  return {
    name: `${label}export all snapshots (${format}): server RSS rise`,
    p50: Number.NaN,
    p95: Number.NaN,
    p99: Number.NaN,
    extra: `+${rise.toFixed(0)} MB (limit 50 MB${rise <= 50 ? ", met" : ", NOT met"}); ${lines} lines, ${(bytes / 1024 / 1024).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s; RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
  };
}
