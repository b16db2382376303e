/**
 * What a systemd timer does (deploy/systemd): `chc archive task <name>` in its own process while
 * the server holds archive.sqlite. The server runs the task; the command prints its outcome, exits
 * 0 or 1 accordingly and pings the check URL from the owner-only file, `/fail` on failure.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const run = promisify(execFile);
let server: TestServer;
let checks: http.Server;
const hits: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { ARCHIVE_DEMO_CRAWL: "0" } });
  checks = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    res.end("OK");
  });
  await new Promise<void>((r) => checks.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  await new Promise((r) => checks.close(r));
  await server?.close();
});

const task = (name: string, pingFile: string) =>
  run(process.execPath, nodeArgsFor("server/cli.ts", "archive", "task", name), {
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "silent", ARCHIVE_PING_ENV_FILE: pingFile },
  }).then(
    (r) => ({ code: 0, ...r }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );

describe("chc archive task beside the running server", () => {
  it("has the server run the task, then pings from this process: ok, and /fail on failure", async () => {
    const base = `http://127.0.0.1:${(checks.address() as { port: number }).port}`;
    const pingFile = path.join(server.dataDir, "pings.env");
    writeFileSync(
      pingFile,
      `ARCHIVE_HC_PING_CHANGE_TRACKING=${base}/ping/ct\nARCHIVE_HC_PING_PUBLIC_VERIFY=${base}/ping/pv\n`,
      { mode: 0o600 },
    );
    const [ok, failed] = await Promise.all([
      task("change-tracking", pingFile),
      task("public-surface-verify", pingFile),
    ]);
    expect(ok).toMatchObject({
      code: 0,
      stdout: "change-tracking: ok: 0 job(s) compared, 0 change(s) (pinged)\n",
    });
    // This test server serves no web app: the front page check fails, inside the server.
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(
      /^public-surface-verify: FAILED: \/ answered 404; \/archive answered 404 \(pinged\)\n$/,
    );
    const report = JSON.parse(
      readFileSync(path.join(server.dataDir, "archive", "reports", "public-surface-verify.json"), "utf8"),
    );
    expect(report.failures).toEqual(["/ answered 404", "/archive answered 404"]);
    expect(hits.sort()).toEqual(["/ping/ct", "/ping/pv/fail"]);
    // Requests and results are collected once answered.
    expect(readdirSync(path.join(server.dataDir, "archive", "requests"))).toEqual([]);
  }, 60_000);
});
