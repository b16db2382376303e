/**
 * A crawl whose WARC folder fills up: the job fails with a reason naming the full disk, and the
 * process running it carries on. `chc archive worker` reports the failure and exits normally; the
 * server keeps answering while its worker fails the job. The disk is a real 4 MB tmpfs, the page
 * a real 12 MB PDF, and slow pages keep the crawl going once it is full. Before, ENOSPC was thrown from the crawl's state-file timer and ended the
 * process (the server with all three APIs), leaving the job "running".
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mountTmpfs, unmountTmpfs } from "../helpers/crash/fill-disk.js";
import { killAllServers, startServerProcess } from "../helpers/crash/server-process.js";
import { scratchDir } from "../helpers/scratch-dir.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "chc-crawl-disk-"));
const dataDir = scratchDir("chc-crawl-full-disk-");
const pdf = randomBytes(12 * 1024 * 1024);
let site: http.Server;
let siteUrl = "";

const env = () => ({ ...process.env, DATA_DIR: dataDir, ARCHIVE_WARC_DIR: mountPoint, LOG_LEVEL: "silent" });
const cli = (...args: string[]) =>
  run(process.execPath, nodeArgsFor("server/cli.ts", "archive", ...args), {
    cwd: ROOT,
    env: env(),
    maxBuffer: 1 << 24,
  });
const createJob = (name: string) =>
  cli("create-job", "--source", "phac", "--name", name, "--seed", `${siteUrl}/`, "--allow-private");

beforeAll(async () => {
  mountTmpfs(mountPoint, "4m");
  site = http.createServer((req, res) => {
    if (req.url === "/big.pdf") {
      res.writeHead(200, { "content-type": "application/pdf", "content-length": pdf.length });
      return res.end(pdf);
    }
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html" });
      const slow = [1, 2, 3].map((i) => `<a href="/slow${i}.html">${i}</a>`).join("");
      return res.end(`<html lang="en"><title>Home</title><a href="/big.pdf">report</a>${slow}</html>`);
    }
    // Pages that answer slowly keep the crawl going on the full disk past its state-file timer.
    if (req.url?.startsWith("/slow")) {
      setTimeout(() => {
        res.writeHead(200, { "content-type": "text/html" });
        res.end('<html lang="en"><title>Slow</title></html>');
      }, 2500);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  killAllServers();
  await new Promise((r) => site?.close(r));
  unmountTmpfs(mountPoint);
  fs.rmSync(mountPoint, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("chc archive worker fails the job naming the full disk, and exits normally", async () => {
  await createJob("full disk (worker)");
  const worked = (await cli("worker").catch((e: { stdout: string; stderr: string; code: number }) => e)) as {
    stdout: string;
    stderr?: string;
    code?: number;
  };
  expect(worked.stdout, worked.stderr).toMatch(
    /^job 1: failed \(1 pages crawled, .*\): crawl stopped: the disk of ARCHIVE_WARC_DIR is full/m,
  );
  expect(worked.code).toBe(1);
  const jobs = (await cli("jobs")).stdout;
  expect(jobs).toMatch(/│ 1 .*│ 'failed'/);
}, 120_000);

it("the server keeps serving while its crawl worker fails a job on the full disk", async () => {
  // The first job's files (and their space) are removed, as an operator would before a retry.
  fs.rmSync(path.join(mountPoint, "jobs"), { recursive: true, force: true });
  await createJob("full disk (server)");
  const server = await startServerProcess(dataDir, { ARCHIVE_WARC_DIR: mountPoint, SCHEDULER: "1" });
  const deadline = Date.now() + 90_000;
  let jobs = "";
  for (;;) {
    expect(server.proc.exitCode, server.output().slice(-2000)).toBeNull();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    jobs = (await cli("jobs")).stdout;
    if (/│ 2 .*│ 'failed'/.test(jobs)) break;
    expect(Date.now(), jobs).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 500));
  }
  // Some seconds more: the crawl's timers are gone with it, and nothing else brings the server down.
  await new Promise((r) => setTimeout(r, 3000));
  expect(server.proc.exitCode, server.output().slice(-2000)).toBeNull();
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
}, 150_000);
