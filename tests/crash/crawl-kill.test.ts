/**
 * `chc archive worker` killed with SIGKILL in the middle of a crawl: the job it leaves "running"
 * is recognised as interrupted at once (its process is gone), by `archive task
 * crawl-auto-recovery` and by `archive retry-job`, and the retried job resumes from its capture
 * log to the end. Before, it stayed "running" for two stall timeouts (an hour): the task said "no
 * stalled job" and retry-job answered Conflict "Job 1 is running".
 */
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { killed } from "../helpers/crash/server-process.js";
import { scratchDir } from "../helpers/scratch-dir.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const dataDir = scratchDir("chc-crawl-kill-");
const PAGES = 16;
const requests: string[] = [];
let site: http.Server;
let siteUrl = "";

const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
const cli = (...args: string[]) =>
  run(process.execPath, nodeArgsFor("server/cli.ts", "archive", ...args), { cwd: ROOT, env });
const captured = () => {
  const log = path.join(dataDir, "archive", "jobs", "1", "captures.jsonl");
  return fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").filter(Boolean).length : 0;
};

/** Starts `archive worker` and SIGKILLs it once `lines` captures are logged. */
async function workerKilledAfter(lines: number) {
  const worker = spawn(process.execPath, nodeArgsFor("server/cli.ts", "archive", "worker"), {
    cwd: ROOT,
    env,
    stdio: "ignore",
  });
  const deadline = Date.now() + 60_000;
  while (captured() < lines) {
    expect(worker.exitCode, "the worker ended before the kill").toBeNull();
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 50));
  }
  await killed(worker);
  expect(worker.signalCode).toBe("SIGKILL");
}

beforeAll(async () => {
  site = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/robots.txt") return void res.writeHead(404).end();
    const n = Number(/\/p(\d+)\.html$/.exec(req.url ?? "")?.[1] ?? 0);
    // Slow pages: the crawl is well under way, not finished, when the kill lands.
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/html" });
      const next = n + 1 < PAGES ? `<a href="/p${n + 1}.html">next</a>` : "";
      res.end(`<html lang="en"><title>Page ${n}</title><body><p>Page ${n}</p>${next}</body></html>`);
    }, 150);
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => site?.close(r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("a crawl whose worker was killed -9 is found interrupted at once, and resumes when retried", async () => {
  await cli(
    "create-job",
    "--source",
    "phac",
    "--name",
    "killed",
    "--seed",
    `${siteUrl}/p0.html`,
    "--allow-private",
  );
  await workerKilledAfter(4);
  expect((await cli("jobs")).stdout).toMatch(/│ 1 .*│ 'running'/);

  // The operator's way: retry-job sees the crawler is gone, fails the job as interrupted, retries it.
  const retried = await cli("retry-job", "1");
  expect(retried.stdout).toBe("job 1: retryable (retry 1)\n");

  // Killed again while resumed; this time the recovery task finds it, right away.
  const before = captured();
  await workerKilledAfter(before + 3);
  const task = await cli("task", "crawl-auto-recovery");
  expect(task.stdout).toMatch(/failed interrupted job\(s\) 1/);
  expect((await cli("jobs")).stdout).toMatch(/│ 1 .*│ 'failed'/);
  await cli("retry-job", "1");

  const done = await cli("worker");
  expect(done.stdout).toMatch(/^job 1: indexed/m);
  // Every page captured once; only a page in flight at each kill may have been asked twice.
  const pages = requests.filter((r) => r !== "/robots.txt");
  expect(new Set(pages).size).toBe(PAGES);
  expect(pages.length).toBeLessThanOrEqual(PAGES + 2 * 2);
}, 180_000);
