/**
 * Runs a guide's shell block the way a reader would, in bash from the repository root, but
 * against a fresh temporary data folder (a copy of the run's demo data) and, for `curl`, against
 * a test server: the guides' default origin (http://127.0.0.1:8080) is pointed at it. Each curl
 * call reports its status on standard error so the test can require a 2xx from every one.
 * `npm install` and `npm ci` run as dry runs: they resolve the lock file without changing the
 * checkout the tests run from. Only those two: a dry run everywhere would also stop `npx chc`
 * from linking this package into npx's cache, so it fails on a fresh clone.
 * `npx chc` and `npm run cli --` run the run's compiled CLI (tests/helpers/server-bundle.ts: the
 * same sources) when the block's environment names it in CHC_DOCS_CLI: through npm and tsx a
 * command costs some 3 s of CPU before it starts, the bundle a third of a second, and the guides
 * give about twenty. Blocks without it (the README's, see guides.test.ts) go through npx and
 * bin/chc.mjs as a reader's do.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_ADMIN_TOKEN } from "../admin-token.js";
import { copyDemoTemplate } from "../demo-template.js";
import { nodeArgsFor } from "../server-bundle.js";

/** The app's origin as the guides write it (the defaults of HOST and PORT). */
export const DOCUMENTED_ORIGINS = ["http://127.0.0.1:8080", "http://localhost:8080"];

const CURL_CALL = "@@docs-curl-call";
const CURL_STATUS = "@@docs-curl-status";

// Every curl call is counted, and its status written after whatever it printed (even -o/-I).
const PRELUDE = `set -eo pipefail
compiled() { [ -n "\${CHC_DOCS_CLI:-}" ]; }
npm() {
  case "$1" in
    install|ci) command npm "$@" --dry-run ;;
    run) if [ "$2" = cli ] && [ "$3" = -- ] && compiled; then shift 3; node "$CHC_DOCS_CLI" "$@"; else command npm "$@"; fi ;;
    *) command npm "$@" ;;
  esac
}
npx() { if [ "$1" = chc ] && compiled; then shift; node "$CHC_DOCS_CLI" "$@"; else command npx "$@"; fi; }
curl() { echo "${CURL_CALL}" >&2; command curl --silent --show-error --write-out '%{stderr}\\n${CURL_STATUS} %{http_code}\\n' "$@"; }
`;

/**
 * tsx keeps its compiled files under the temporary folder: the block's own TMPDIR (so that what
 * `mktemp` makes is removed with it) gets a link to the shared cache, or every command would
 * compile the server again (seconds of CPU each).
 */
function shareTsxCache(tmpDir: string): void {
  const name = `tsx-${process.getuid?.() ?? 0}`;
  const shared = path.join(os.tmpdir(), name);
  mkdirSync(shared, { recursive: true, mode: 0o700 });
  symlinkSync(shared, path.join(tmpDir, name));
}

export interface BlockFolder {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  remove(): void;
}

/** CHC_DOCS_CLI when the run compiled the CLI (the global setup does); nothing otherwise. */
function compiledCli(): Record<string, string> {
  const [entry] = nodeArgsFor("server/cli.ts");
  return entry.endsWith(".mjs") ? { CHC_DOCS_CLI: entry } : {};
}

/** A new folder with the demo data and the environment a block runs with. */
export function blockFolder(extra: Record<string, string> = {}): BlockFolder {
  const root = mkdtempSync(path.join(os.tmpdir(), "chc-docs-"));
  const dataDir = path.join(root, "data");
  const tmpDir = path.join(root, "tmp");
  mkdirSync(dataDir);
  mkdirSync(tmpDir);
  shareTsxCache(tmpDir);
  copyDemoTemplate(dataDir);
  const { DATABASE_URL: _pg, WORKERS: _workers, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    DATA_DIR: dataDir,
    TMPDIR: tmpDir,
    HOST: "127.0.0.1",
    PORT: "0",
    REPLAY_PORT: "0",
    LOG_LEVEL: "warn",
    DEMO_DATA: "1",
    // A test has no use for the demo crawl's CPU or for timers firing while it runs.
    ARCHIVE_DEMO_CRAWL: "0",
    SCHEDULER: "0",
    ARCHIVE_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    NO_COLOR: "1",
    ...compiledCli(),
    ...extra,
  };
  return { dataDir, env, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The block with the guides' origin replaced by the test server's. */
export function pointedAt(script: string, baseUrl: string): string {
  return DOCUMENTED_ORIGINS.reduce((text, origin) => text.replaceAll(origin, baseUrl), script);
}

export interface BlockRun {
  code: number | null;
  stdout: string;
  stderr: string;
  curlCalls: number;
  curlStatuses: number[];
}

function startBash(script: string, cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  // Its own process group, so a timeout or a stop ends whatever the block started.
  return spawn("bash", ["-c", PRELUDE + script], {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

export function runBlock(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<BlockRun> {
  const child = startBash(script, cwd, env);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr!.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), timeoutMs);
  return new Promise((resolve) => {
    child.once("close", (code) => {
      clearTimeout(timer);
      const statuses = [...stderr.matchAll(new RegExp(`${CURL_STATUS} (\\d{3})`, "g"))].map((m) =>
        Number(m[1]),
      );
      resolve({
        code,
        stdout,
        stderr,
        curlCalls: stderr.split(CURL_CALL).length - 1,
        curlStatuses: statuses,
      });
    });
  });
}

export interface ServerBlockRun {
  url: string;
  healthStatus: number;
  /** Services the started server lists (the demo data is there). */
  services: number;
  output: string;
}

/**
 * Starts a block that runs the server (`npm start`), waits for its "listening" log line, reads
 * its health and its services, then stops the whole block with SIGTERM. The server serves the
 * web app from the block's folder (WEB_DIST_DIR), built there only when dist/web is stale.
 */
export async function runServerBlock(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<ServerBlockRun> {
  // A build that npm start makes (sources newer than dist/web) goes to the block's own folder:
  // another test file may be building into dist/web at the same time, and both empty it first.
  const webDist = path.join(env.TMPDIR ?? os.tmpdir(), "web");
  const child = startBash(script, cwd, { ...env, LOG_LEVEL: "info", WEB_DIST_DIR: webDist });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no "listening" line in ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      const look = (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split("\n").find((l) => l.startsWith("{") && l.includes('"listening"'));
        if (line) {
          clearTimeout(timer);
          resolve(JSON.parse(line).url);
        }
      };
      child.stdout!.on("data", look);
      child.stderr!.on("data", look);
      exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the block ended before the server listened:\n${output}`));
      });
    });
    const health = await fetch(`${url}/api/health`);
    await health.arrayBuffer();
    const list = (await (await fetch(`${url}/api/v1/services?limit=5`)).json()) as { data?: unknown[] };
    return { url, healthStatus: health.status, services: list.data?.length ?? 0, output };
  } finally {
    killGroup(child, "SIGTERM");
    const forced = setTimeout(() => killGroup(child, "SIGKILL"), 15_000);
    await exited;
    clearTimeout(forced);
  }
}
