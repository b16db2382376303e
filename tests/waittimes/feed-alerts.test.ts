/**
 * An operator's view of misbehaving feeds, on the real server (`chc serve`) polling a loopback
 * feed server every second: Alberta's feed is malformed and British Columbia's answers 404. Each
 * failed poll is logged at warn with its source, province and reason (never the feed's URL);
 * /metrics carries per-source series that `promtool check metrics` accepts; /api/health turns
 * degraded and its admin details name the stale feeds. When Alberta answers again (one hospital
 * renamed) a recovery is logged, the refused row is counted, and `chc waittimes refused` lists
 * its reason.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_HEADERS, fetchHealthDetails } from "../helpers/admin-token.js";
import { type AppProcess, SERVE, spawnApp } from "../helpers/app-process.js";
import { requireBinary } from "../helpers/external-tool.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";
import { albertaFeed } from "../helpers/waittimes/feeds.js";

let albertaBody = '{"Calgary": {"Emergency": [ {"Name": "Foothills';
const feeds = http.createServer((req, res) => {
  if (req.url?.startsWith("/ab.json")) {
    res.writeHead(200, { "content-type": "application/json" }).end(albertaBody);
  } else res.writeHead(404).end("not found");
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), "wt-feed-alerts-"));
let app: AppProcess;
let base = "";

beforeAll(async () => {
  await new Promise<void>((r) => feeds.listen(0, "127.0.0.1", r));
  const feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  app = spawnApp(
    SERVE,
    {
      SCHEDULER: "1",
      ARCHIVE_SCHEDULER: "0",
      ARCHIVE_DEMO_CRAWL: "0",
      WAITTIMES_POLL_INTERVAL_SECONDS: "1",
      // A token in the query string must never reach the log.
      WAITTIMES_ALBERTA_AHS_URL: `${feedBase}/ab.json?key=feed-secret-123`,
      WAITTIMES_BC_PHSA_URL: `${feedBase}/bc.json?key=feed-secret-123`,
    },
    dataDir,
  );
  base = await app.listening;
}, 90_000);

afterAll(async () => {
  await app?.stop();
  feeds.closeAllConnections();
  feeds.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const logLines = () =>
  app
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

function promtoolCheck(text: string) {
  const promtool = requireBinary("promtool", "prometheus");
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(promtool, ["check", "metrics"], { stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      output += c.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}

describe("failing wait-time feeds", { timeout: 120_000 }, () => {
  it("logs each failed poll with its province and reason, without the feed's URL", async () => {
    await eventually(() => {
      const warned = logLines().filter((l) => l.msg === "wait-time feed poll failed");
      expect(warned.filter((l) => l.source === "alberta-ahs").length).toBeGreaterThanOrEqual(2);
      expect(warned.filter((l) => l.source === "bc-phsa").length).toBeGreaterThanOrEqual(2);
    });
    const warned = logLines().filter((l) => l.msg === "wait-time feed poll failed");
    expect(warned.every((l) => l.level === "warn")).toBe(true);
    expect(warned.find((l) => l.source === "alberta-ahs")).toMatchObject({
      province: "AB",
      category: "format",
    });
    expect(warned.find((l) => l.source === "bc-phsa")).toMatchObject({
      province: "BC",
      category: "http_status",
      reason: "HTTP 404 from feed",
    });
    expect(app.output()).not.toContain("feed-secret-123");
  });

  it("turns health degraded and names the stale feeds in the admin details", async () => {
    await eventually(async () => {
      const plain = await (await fetch(`${base}/api/health`)).json();
      expect(plain.status).toBe("degraded");
    });
    const details = await (await fetchHealthDetails(base)).json();
    expect(details.status).toBe("degraded");
    expect(details.waittimes.stale_feeds.sort()).toEqual(["alberta-ahs", "bc-phsa"]);
    expect(details.waittimes.feeds["bc-phsa"]).toMatchObject({
      province: "BC",
      state: "stale",
      last_error: { category: "http_status", reason: "HTTP 404 from feed" },
    });
    expect(details.waittimes.feeds["bc-phsa"].consecutive_failures).toBeGreaterThanOrEqual(2);
  });

  it("exports per-source metrics that promtool accepts", async () => {
    const text = await (await fetch(`${base}/metrics`, { headers: ADMIN_HEADERS })).text();
    expect(text).toMatch(/waittimes_feed_consecutive_failures\{source="bc-phsa",province="BC"\} [1-9]/);
    expect(text).toContain('waittimes_feed_last_success_timestamp_seconds{source="bc-phsa",province="BC"} 0');
    expect(text).toContain('waittimes_feed_rows_refused_total{source="alberta-ahs",province="AB"}');
    const checked = await promtoolCheck(text);
    expect(checked.output).toBe("");
    expect(checked.code).toBe(0);
  });

  it("logs the recovery, counts refused rows, and lists their reasons for the operator", async () => {
    albertaBody = albertaFeed([
      { name: "Foothills Medical Centre (FMC)", minutes: 135, at: Date.now() - 60_000 },
      { name: "Rockyview General Hospital", minutes: 95, at: Date.now() - 60_000 },
    ]);
    await eventually(() => {
      expect(logLines().find((l) => l.msg === "wait-time feed recovered")).toMatchObject({
        source: "alberta-ahs",
        province: "AB",
        level: "info",
      });
    });
    await eventually(async () => {
      const text = await (await fetch(`${base}/metrics`, { headers: ADMIN_HEADERS })).text();
      expect(text).toContain('waittimes_feed_rows_refused_total{source="alberta-ahs",province="AB"} 1');
      expect(text).toMatch(/waittimes_feed_consecutive_failures\{source="alberta-ahs",province="AB"\} 0/);
    });
    const details = await (await fetchHealthDetails(base)).json();
    expect(details.waittimes.stale_feeds).toEqual(["bc-phsa"]);
    expect(details.waittimes.feeds["alberta-ahs"]).toMatchObject({ state: "ok", rows_refused: 1 });

    await app.stop();
    const r = spawnSync(
      process.execPath,
      nodeArgsFor("server/cli.ts", "waittimes", "refused", "--source", "alberta-ahs"),
      {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout);
    expect(rows[0]).toMatchObject({ source: "alberta-ahs", kind: "poll" });
    expect(rows[0].reason).toContain("Foothills Medical Centre (FMC)");
  });
});
