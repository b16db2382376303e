/**
 * Two real server processes started on a data folder they cannot write (as when a disk is
 * mounted read-only) take no lock, so they must not write either; once the folder becomes
 * writable, only the one that then takes the lock acknowledges writes. After both are killed
 * with SIGKILL, every acknowledged write is there.
 *
 * As root a folder's mode does not stop writes, so there the folder is seen through a bind mount
 * that is remounted read-only and back (a real read-only file system: EROFS even for root); the
 * processes keep running as root, so the test passes wherever the clone is, even in a folder that
 * other users cannot enter. Otherwise the folder's mode makes it read-only.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const harness = path.join(here, "store-harness.ts");
const asRoot = process.getuid?.() === 0;
const children = new Set<ChildProcess>();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "store-readonly-"));
/** The data folder the servers use: as root, a bind mount of `folder` that can be made read-only. */
const dataDir = asRoot ? fs.mkdtempSync(path.join(os.tmpdir(), "store-readonly-view-")) : folder;
if (asRoot) execFileSync("mount", ["--bind", folder, dataDir]);

function readOnly(on: boolean): void {
  if (asRoot) execFileSync("mount", ["-o", `remount,bind,${on ? "ro" : "rw"}`, dataDir]);
  else fs.chmodSync(dataDir, on ? 0o555 : 0o755);
}

afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  if (asRoot) {
    execFileSync("umount", [dataDir]);
    fs.rmdirSync(dataDir);
  } else fs.chmodSync(dataDir, 0o755);
  fs.rmSync(folder, { recursive: true, force: true });
});

function start(): Promise<{ proc: ChildProcess; port: number }> {
  const proc = spawn(process.execPath, ["--import", "tsx", harness, dataDir], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(proc);
  proc.once("exit", () => children.delete(proc));
  let err = "";
  proc.stderr?.on("data", (d) => {
    err += d;
  });
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout?.on("data", (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ proc, port: Number(m[1]) });
    });
    proc.once("exit", (code) => reject(new Error(`harness exited (${code}) before listening: ${err}`)));
  });
}

function request(port: number, method: string, p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: p }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const killed = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    proc.once("exit", () => resolve());
    proc.kill("SIGKILL");
  });

it("servers on a read-only folder write nothing; once writable, only the lock holder acknowledges", async () => {
  // A first run creates the database and one write; the lock it leaves is removed by hand.
  const first = await start();
  expect((await request(first.port, "POST", "/write?k=seed")).status).toBe(200);
  await killed(first.proc);
  for (const f of fs.readdirSync(dataDir)) if (f.startsWith("crash.lock")) fs.rmSync(path.join(dataDir, f));

  readOnly(true);
  const servers = [await start(), await start()];
  const acked: Record<string, string[]> = { 0: ["seed"], 1: [] };
  const write = async (i: number, key: string) => {
    const res = await request(servers[i].port, "POST", `/write?k=${key}`);
    if (res.status === 200) acked[i].push(key);
    return res;
  };
  for (let n = 0; n < 5; n++) {
    for (const i of [0, 1]) {
      const res = await write(i, `ro-${i}-${n}`);
      expect(res.status, `server ${i} wrote without the lock`).toBe(503);
    }
  }

  readOnly(false);
  for (let n = 0; n < 10; n++) for (const i of [0, 1]) await write(i, `rw-${i}-${n}`);
  // The first to write after the folder became writable took the lock; the other never wrote.
  expect(acked[0].length - 1).toBe(10);
  expect(acked[1]).toEqual([]);
  const refused = await request(servers[1].port, "POST", "/write?k=late");
  expect(refused.body).toMatch(/being written by another process/);

  await Promise.all(servers.map((s) => killed(s.proc)));
  const after = await start();
  const state = JSON.parse((await request(after.port, "GET", "/state")).body) as {
    keys: string[];
    n: number;
  };
  const present = new Set(state.keys);
  expect([...acked[0], ...acked[1]].filter((k) => !present.has(k))).toEqual([]);
  expect(state.n).toBe(state.keys.length);
  await killed(after.proc);
}, 120_000);
