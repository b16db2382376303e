/**
 * The server as a real process: start-up, a bad environment value, a second server on a data
 * folder in use, graceful shutdown on SIGTERM.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { type AppProcess, SERVE, spawnApp } from "../helpers/app-process.js";

const apps: AppProcess[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
});

function runServer(env: Record<string, string>): AppProcess {
  const app = spawnApp(SERVE, env);
  apps.push(app);
  return app;
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

it("stops with one line naming PORT when another process holds the port", async () => {
  const holder = http.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const port = (holder.address() as { port: number }).port;
  try {
    const { child, errors } = runServer({ PORT: String(port), HOST: "127.0.0.1" });
    expect(await exitOf(child)).toBe(1);
    const lines = errors().trim().split("\n");
    expect(lines.at(-1)).toBe(
      `cannot start: PORT=${port}: another process is already listening on 127.0.0.1:${port}; stop it or set PORT to a free port`,
    );
    expect(errors()).not.toMatch(/\n\s+at /);
  } finally {
    holder.close();
  }
}, 120_000);

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

it.each([
  ["npm start (scripts/start.mjs)", ["scripts/start.mjs"]],
  ["chc serve (bin/chc.mjs)", ["bin/chc.mjs", "serve"]],
])(
  "a second server on a data folder in use, started by %s, exits 1 with one line naming the holder",
  async (_, entry) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-second-"));
    try {
      const first = spawnApp(SERVE, {}, dataDir);
      apps.push(first);
      await first.listening;
      const second = spawnApp(entry, { LOG_LEVEL: "warn" }, dataDir);
      apps.push(second);
      expect(await exitOf(second.child)).toBe(1);
      const lines = second.errors().trim().split("\n");
      // start.mjs may build the web app first (its progress and Vite's own lines come before);
      // the refusal is the last line, the only one about the database, with no stack under it.
      const refusal = lines.filter((l) => /database|Error|cannot start/.test(l));
      expect(refusal, second.errors()).toHaveLength(1);
      expect(lines.at(-1)).toBe(refusal[0]);
      expect(refusal[0]).toMatch(
        new RegExp(
          `^cannot start: the database is in use by process ${first.child.pid} \\(.*\\.lock\\); stop that process`,
        ),
      );
      expect(second.errors()).not.toMatch(/\n\s+at /);
      // The first server keeps serving.
      expect((await fetch(`${await first.listening}/api/health`)).status).toBe(200);
    } finally {
      for (const app of apps.splice(0)) await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  180_000,
);
