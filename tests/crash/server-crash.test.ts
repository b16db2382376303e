/**
 * The real server killed with SIGKILL at random moments while partners create services through
 * the directory API: after every restart each acknowledged (201) write is there, the databases
 * open and the health check passes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../directory/accounts-helpers.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TRIALS = 20;
const WRITERS = 6;
const children = new Set<ChildProcess>();
let dataDir = "";

afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function startServer(): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", "serve"], {
    cwd: root,
    env: { ...process.env, PORT: "0", REPLAY_PORT: "0", DATA_DIR: dataDir, DEMO_DATA: "0", SCHEDULER: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(proc);
  proc.once("exit", () => children.delete(proc));
  let out = "";
  proc.stderr?.on("data", (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    proc.stdout?.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.includes('"listening"'));
      if (line) resolve({ proc, url: JSON.parse(line).url });
    });
    proc.once("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
}

const killed = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    proc.once("exit", () => resolve());
    proc.kill("SIGKILL");
  });

it(`keeps every acknowledged write across ${TRIALS} kill -9 of the real server`, async () => {
  dataDir = await prepareDirectoryData();
  const acknowledged: string[] = [];
  let seq = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    const { proc, url } = await startServer();
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    for (const id of acknowledged) {
      const res = await fetch(`${url}/api/v1/services/${id}`);
      expect(res.status, `acknowledged service ${id} after restart ${trial}`).toBe(200);
    }
    const token = await bearer(url, ACCOUNTS.partnerA);
    const template = (await (await fetch(`${url}/api/v1/services/partners-in-mission-food-bank`)).json())
      .data;
    const {
      id: _i,
      organizationId: _o,
      organizationName: _n,
      version: _v,
      updatedAt: _u,
      provenance: _p,
      ...input
    } = template;

    let stop = false;
    const writer = async () => {
      while (!stop) {
        const n = seq++;
        try {
          const res = await fetch(`${url}/api/v1/services`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ ...input, name: { en: `Crash pantry ${n}`, fr: `Comptoir crash ${n}` } }),
          });
          if (res.status === 201) acknowledged.push((await res.json()).data.id);
          else await res.text();
        } catch {
          return; // the server died mid-request: that write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    await new Promise((r) => setTimeout(r, 150 + Math.random() * 600));
    await killed(proc);
    stop = true;
    await Promise.all(writers);
  }
  const { proc, url } = await startServer();
  for (const id of acknowledged) expect((await fetch(`${url}/api/v1/services/${id}`)).status).toBe(200);
  expect(acknowledged.length).toBeGreaterThan(TRIALS);
  await killed(proc);
}, 300_000);
