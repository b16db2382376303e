/**
 * The server as a real process: start-up, a bad environment value, graceful shutdown on SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function runServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  listening: Promise<string>;
} {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-proc-"));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", "serve"], {
    env: {
      ...process.env,
      PORT: "0",
      REPLAY_PORT: "0",
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      SCHEDULER: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const line = out.split("\n").find((l) => l.includes('"listening"'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.stderr!.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("exit", () => reject(new Error(`exited before listening: ${out}`)));
  });
  listening.catch(() => {}); // the exit test never waits for it
  return { child, output: () => out, listening };
}

/** POSTs `parts` one by one, calling `between` after the first part has reached the server. */
function slowPost(
  target: string,
  parts: string[],
  between: () => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      { method: "POST", headers: { "content-type": "application/json" } },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(parts[0]);
    setTimeout(() => {
      between();
      setTimeout(() => req.end(parts.slice(1).join("")), 300);
    }, 300);
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve),
  );

it.each([
  ["PORT", "not-a-port"],
  // A module's variable stops start-up too (a bad scale was once silently taken as "small").
  ["WAITTIMES_DEMO_SCALE", "huge"],
])("stops with a one-line message naming a bad %s", async (name, value) => {
  const { child, output } = runServer({ [name]: value });
  expect(await exitOf(child)).toBe(1);
  expect(output().trim().split("\n")).toHaveLength(1);
  expect(output()).toContain(name);
});

it("finishes in-flight requests, writes every access line and exits 0 on SIGTERM", async () => {
  const { child, output, listening } = runServer({});
  const url = await listening;
  const res = await fetch(`${url}/api/health`);
  expect(res.status).toBe(200);
  // Log lines are buffered (written in chunks): the ones still waiting must reach stdout on exit.
  const ids = Array.from({ length: 20 }, (_, i) => `flush-${i}`);
  for (const id of ids) await (await fetch(`${url}/api/health`, { headers: { "x-request-id": id } })).text();
  // A request the server has started (headers read, body still arriving) when SIGTERM lands.
  const inflight = slowPost(`${url}/api/v1/search/services`, ['{"query":', '"food"}'], () =>
    child.kill("SIGTERM"),
  );
  expect((await inflight).status).toBe(200);
  expect(await exitOf(child)).toBe(0);
  const lines = output().trim().split("\n");
  expect(JSON.parse(lines[lines.length - 1]).msg).toBe("stopped");
  const logged = lines.filter((l) => l.includes('"msg":"request"')).map((l) => JSON.parse(l).reqId);
  expect(logged).toEqual(expect.arrayContaining(ids));
  await expect(fetch(`${url}/api/health`)).rejects.toThrow();
}, 120_000); // a first start seeds the demo data in a fresh process: slow on a busy machine
