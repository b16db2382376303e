/**
 * Issue #28 §3: /metrics as Prometheus' own tools read it (Debian's `prometheus` package).
 * `promtool check metrics` finds no problem in a scrape, and a real Prometheus started on loopback
 * scrapes the server every second with the admin token from its scrape config (a credentials file,
 * as an operator would keep it) and answers an archive figure back through its HTTP query API.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Store } from "../../server/db/types.js";
import { ADMIN_HEADERS, TEST_ADMIN_TOKEN } from "../helpers/admin-token.js";
import { seedEdition } from "../helpers/archive/edition-fixture.js";
import { freePort, requireBinary, startTool, type ToolProcess } from "../helpers/external-tool.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let prometheus: ToolProcess | undefined;
let promtool: string;
let prometheusBin: string;
const folder = mkdtempSync(path.join(os.tmpdir(), "chc-prometheus-"));

beforeAll(async () => {
  promtool = requireBinary("promtool", "prometheus");
  prometheusBin = requireBinary("prometheus", "prometheus");
  server = await startTestServer({ env: { ARCHIVE_DEMO_CRAWL: "0" } });
  // Jobs, snapshots and a search, so every archive family has samples to check.
  await seedEdition(server.contexts.get("archive")!.store as Store, server.dataDir, {
    year: 2026,
    shards: 2,
    pages: 4,
  });
  expect((await fetch(`${server.baseUrl}/api/search?q=vaccinated`)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await prometheus?.stop();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Runs `promtool args…` with `input` on its standard input; its exit code and output. */
function runPromtool(args: string[], input = ""): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(promtool, args, { stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      output += c.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

it("passes promtool check metrics with no problem", async () => {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers: ADMIN_HEADERS });
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(await runPromtool(["check", "metrics"], text)).toEqual({ code: 0, output: "" });
  expect(text).toMatch(/^archive_snapshots_total\{source="demo"\} [1-9]\d*$/m);
  expect(text).toMatch(/^archive_search_requests_total [1-9]/m);
  // The directory's alert counters are in the same scrape (no channel is configured here).
  expect(text).toMatch(/^# TYPE directory_alert_deliveries_total counter$/m);
  expect(text).toMatch(/^directory_alerts_undelivered_total 0$/m);
});

it("is scraped by Prometheus with the bearer token and queried back through its API", async () => {
  const [appPort, promPort] = [new URL(server.baseUrl).port, await freePort()];
  const tokenFile = path.join(folder, "chc-admin-token");
  writeFileSync(tokenFile, TEST_ADMIN_TOKEN, { mode: 0o600 });
  const config = path.join(folder, "prometheus.yml");
  writeFileSync(
    config,
    `global:
  scrape_interval: 1s
  evaluation_interval: 1s
scrape_configs:
  - job_name: chc
    metrics_path: /metrics
    authorization:
      type: Bearer
      credentials_file: ${tokenFile}
    static_configs:
      - targets: ["127.0.0.1:${appPort}"]
`,
  );
  expect((await runPromtool(["check", "config", config])).code).toBe(0);
  const promUrl = `http://127.0.0.1:${promPort}`;
  prometheus = await startTool(
    prometheusBin,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(folder, "data")}`,
      `--web.listen-address=127.0.0.1:${promPort}`,
    ],
    `${promUrl}/-/ready`,
  );
  const query = async (q: string) => {
    const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(q)}`);
    const body = (await res.json()) as {
      status: string;
      data: { result: { metric: Record<string, string>; value: [number, string] }[] };
    };
    expect(body.status).toBe("success");
    return body.data.result;
  };
  // A scrape every second; a loaded machine may take a few before the first lands.
  await expect
    .poll(() => query('archive_snapshots_total{source="demo"}'), { timeout: 30_000 })
    .toHaveLength(1);
  const [snapshots] = await query('archive_snapshots_total{source="demo"}');
  expect(snapshots.metric).toMatchObject({ job: "chc", instance: `127.0.0.1:${appPort}` });
  // The figure Prometheus stored is the one the server gives.
  const direct = await (await fetch(`${server.baseUrl}/metrics`, { headers: ADMIN_HEADERS })).text();
  expect(snapshots.value[1]).toBe(/^archive_snapshots_total\{source="demo"\} (\d+)$/m.exec(direct)?.[1]);
  const [up] = await query('up{job="chc"}');
  expect(up.value[1]).toBe("1");
}, 60_000);
