/**
 * Benchmark plumbing shared by every bench file: start a server in a child process, drive it
 * with autocannon while recording every response time (autocannon's summary has no p95), or with
 * wrk for the request-path comparisons (loadGet), and print rows as a table.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface BenchRow {
  name: string;
  connections?: number;
  p50: number;
  p95: number;
  p99: number;
  rps?: number;
  /** Each run's p95 when the row is the median of several runs (a goal holds only if every run meets it). */
  runsP95?: number[];
  extra?: string;
}

/** The sample below which `p` percent of them lie (nearest rank); NaN when there is none. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
    : Number.NaN;
}

export function percentiles(samples: number[]): { p50: number; p95: number; p99: number } {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /** Several request variants, used round-robin. */
  requests?: { method?: string; path?: string; body?: string; headers?: Record<string, string> }[];
}

export async function load(
  opts: LoadOptions,
): Promise<{ p50: number; p95: number; p99: number; rps: number; errors: number; non2xx: number }> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.durationSeconds,
        method: opts.method ?? "GET",
        body: opts.body,
        headers: opts.headers,
        requests: opts.requests as never,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  return {
    ...percentiles(latencies),
    rps: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Which client loadGet drives: wrk (Debian's `wrk`) when it is installed, else autocannon.
 * autocannon runs in this Node process and reads every answer's headers in JavaScript: on two
 * cores it takes one of them, and the more headers an answer carries the fewer it can ask for, so
 * comparing servers that send different headers measured the client more than the servers. wrk
 * is C, reads an answer without splitting its headers and leaves the servers the other core.
 */
export const GET_CLIENT: "wrk" | "autocannon" = (() => {
  if (process.env.BENCH_CLIENT === "autocannon") return "autocannon";
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (err) {
    // wrk prints its version and exits 1; only a missing program means it is not there.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "autocannon";
  }
  return "wrk";
})();

/**
 * GET `url` at `connections` for `durationSeconds` with GET_CLIENT: the same figures as load()
 * (latencies in ms; wrk counts answers of 400 and above as non2xx, autocannon anything but 2xx).
 * wrk runs one thread (one core) and prints its figures through bench/wrk-figures.lua.
 */
export async function loadGet(
  opts: Pick<LoadOptions, "url" | "connections" | "durationSeconds">,
  client: "wrk" | "autocannon" = GET_CLIENT,
): ReturnType<typeof load> {
  if (client === "autocannon") return load(opts);
  const args = ["-t1", `-c${opts.connections}`, `-d${opts.durationSeconds}s`, "-s", WRK_SCRIPT, opts.url];
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile("wrk", args, (err, out, errOut) =>
      err ? reject(new Error(`wrk: ${errOut || err}`)) : resolve(out),
    ),
  );
  const line = stdout.split("\n").find((l) => l.startsWith("{"));
  if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
  const f = JSON.parse(line) as {
    requests: number;
    durationUs: number;
    p50Us: number;
    p95Us: number;
    p99Us: number;
    errors: number;
    non2xx: number;
  };
  return {
    p50: f.p50Us / 1000,
    p95: f.p95Us / 1000,
    p99: f.p99Us / 1000,
    rps: f.requests / (f.durationUs / 1e6),
    errors: f.errors,
    non2xx: f.non2xx,
  };
}

const WRK_SCRIPT = path.join(ROOT, "bench", "wrk-figures.lua");

/** The admin token every child gets (unless `env` sets one): health details need it. */
export const BENCH_ADMIN_TOKEN = "bench-admin-token-0123456789";

/** The operator's view of a server: GET /api/health?details=1 with the admin token. */
export async function healthDetails<T>(url: string): Promise<T> {
  const res = await fetch(`${url}/api/health?details=1`, {
    headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
  });
  return (await res.json()) as T;
}

/** Spawns `node <args>` and resolves with the child once it prints a line matching `ready`. */
export function startChild(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; line: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ARCHIVE_ADMIN_TOKEN: BENCH_ADMIN_TOKEN, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let buffer = "";
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split("\n").find((l) => ready.test(l));
      if (line) {
        child.stdout?.off("data", onData);
        child.stdout?.resume();
        resolve({ child, line });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (c: Buffer) => process.stderr.write(c));
    child.once("exit", (code) => reject(new Error(`child exited with ${code} before it was ready`)));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export function printTable(title: string, rows: BenchRow[]): void {
  const fmt = (n: number | undefined) =>
    n === undefined || Number.isNaN(n) ? "" : n >= 100 ? n.toFixed(0) : n.toFixed(2);
  const header = ["benchmark", "conns", "p50 ms", "p95 ms", "p99 ms", "req/s", "notes"];
  const body = rows.map((r) => [
    r.name,
    r.connections?.toString() ?? "",
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    fmt(r.rps),
    r.extra ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const b of body) console.log(line(b));
  // Figures from a busy machine read differently: the load they were taken under goes with them.
  const [one, five, fifteen] = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `\nmachine load when printed (1, 5, 15 min): ${one}, ${five}, ${fifteen} on ${os.cpus().length} cores`,
  );
}

/**
 * Starts the real server (`chc serve`) in a child process over `dataDir`, with demo data, the
 * scheduler and the rate limit out of the way (`env` overrides), and resolves with its URL once it
 * listens.
 */
export async function startServerChild(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const { child, line } = await startChild(
    ["--import", "tsx", "server/cli.ts", "serve"],
    {
      PORT: "0",
      REPLAY_PORT: "0",
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      LOG_LEVEL: "info",
      RATE_LIMIT_PER_MINUTE: "100000000",
      SCHEDULER: "0",
      ...env,
    },
    /"listening"/,
  );
  return { child, url: JSON.parse(line).url as string };
}
