/**
 * WORKERS=2 on PostgreSQL (one throwaway cluster for the file): one primary forks two app processes
 * on one port, replaces one that dies, and stops them all on SIGTERM. And scheduled work that every
 * process keeps a timer for runs in one of them per slot.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { runOncePerSlot } from "../../server/core/task-slots.js";
import { pgUpgrade } from "../../server/db/pg/migrations.js";
import { createPgPool } from "../../server/db/pg/pool.js";
import { directoryPgMigrations } from "../../server/directory/migrations/pg/index.js";
import { createPgDirectoryRepository } from "../../server/directory/repository-pg/index.js";
import { waittimesPgMigrations } from "../../server/waittimes/migrations/pg/index.js";
import { Poller } from "../../server/waittimes/poller.js";
import { createPgWaittimesRepository } from "../../server/waittimes/repository-pg/index.js";
import { ADMIN_HEADERS, TEST_ADMIN_TOKEN } from "../helpers/admin-token.js";
import { type AppProcess, spawnApp } from "../helpers/app-process.js";
import { requireBinary } from "../helpers/external-tool.js";
import { pgBackend } from "../helpers/pg-backend.js";

const backends = pgBackend();
afterAll(() => backends.close());

/**
 * Resolves once `app` has printed `count` lines containing `text`; returns those lines. Starting
 * app processes takes seconds of CPU, many more on a busy machine: the wait ends when the lines
 * come or the process exits, and gives up (with the output) only after 100 s.
 */
async function linesWith(app: AppProcess, text: string, count: number): Promise<string[]> {
  const giveUpAt = Date.now() + 100_000;
  while (Date.now() < giveUpAt) {
    const lines = app
      .output()
      .split("\n")
      .filter((l) => l.includes(text));
    if (lines.length >= count) return lines;
    if (app.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${count} lines with ${text}: ${app.output()}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const PG_APP = ["tests/helpers/pg-app-process.ts"];

it("starts that many app processes on one port, replaces one that dies, and SIGTERM stops them all", async () => {
  const databaseUrl = (await backends.databaseUrl("pg"))!;
  // The directory alone keeps each start short; the wait-time module starts the same way.
  const primary = spawnApp(PG_APP, { DATABASE_URL: databaseUrl, WORKERS: "2", APP_MODULES: "directory" });
  try {
    const started = (await linesWith(primary, '"listening"', 2)).map((l) => JSON.parse(l));
    expect(new Set(started.map((l) => l.url)).size).toBe(1);
    const [first, second] = started.map((l) => l.pid as number);
    expect(first).not.toBe(second);
    // Each app process runs with the heap settings that keep it small (server/workers.ts).
    const argv = readFileSync(`/proc/${first}/cmdline`, "utf8").split("\0");
    expect(argv).toEqual(expect.arrayContaining(["--max-semi-space-size=4", "--heap-growing-percent=50"]));
    const base = started[0].url;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    process.kill(first, "SIGKILL");
    const replaced = JSON.parse((await linesWith(primary, '"listening"', 3))[2]);
    expect([first, second]).not.toContain(replaced.pid);
    expect(primary.output()).toContain("worker died; restarting it");
    expect((await fetch(`${base}/api/v1/services?limit=1`)).status).toBe(200);

    expect(await primary.stop()).toBe(0);
    expect(alive(second)).toBe(false);
    expect(alive(replaced.pid)).toBe(false);
    expect(primary.output()).not.toContain(databaseUrl);
  } finally {
    await primary.stop();
  }
}, 240_000); // two starts of two app processes, and a replacement: minutes on a busy machine

it("stops the primary and its workers, exit 1, with one line naming DATABASE_URL when PostgreSQL refuses it", async () => {
  const url = new URL((await backends.databaseUrl("pg"))!);
  url.pathname = "/no_such_database";
  const primary = spawnApp(PG_APP, { DATABASE_URL: url.href, WORKERS: "2", APP_MODULES: "directory" });
  try {
    // Before: the workers were restarted for ever (systemd saw a running service, nothing listened).
    expect(await primary.exited).toBe(1);
    const refusal = primary
      .errors()
      .split("\n")
      .filter((l) => l.startsWith("cannot start:"));
    expect(refusal.length).toBeGreaterThanOrEqual(1);
    expect(refusal[0]).toMatch(
      /^cannot start: DATABASE_URL: PostgreSQL at 127\.0\.0\.1:\d+ has no database "no_such_database"; create it/,
    );
    expect(primary.output()).not.toContain("worker died; restarting it");
    if (url.password) expect(primary.output()).not.toContain(url.password);
  } finally {
    await primary.stop();
  }
}, 120_000);

it("stops the primary and its workers, exit 1, with one line naming PORT when another server holds the port", async () => {
  const databaseUrl = (await backends.databaseUrl("pg"))!;
  const holder = http.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const port = (holder.address() as AddressInfo).port;
  const primary = spawnApp(PG_APP, {
    DATABASE_URL: databaseUrl,
    WORKERS: "2",
    APP_MODULES: "directory",
    PORT: String(port),
    HOST: "127.0.0.1",
  });
  try {
    // Before: a worker's failed bind was not recognised; the primary restarted workers ten times
    // and stopped with "workers keep dying before they can serve".
    expect(await primary.exited).toBe(1);
    const refusal = primary
      .errors()
      .split("\n")
      .filter((l) => l.startsWith("cannot start:"));
    expect(refusal[0]).toBe(
      `cannot start: PORT=${port}: another process is already listening on 127.0.0.1:${port}; stop it or set PORT to a free port`,
    );
    expect(primary.output()).not.toContain("worker died; restarting it");
  } finally {
    await primary.stop();
    holder.close();
  }
}, 120_000);

it("answers /metrics for every app process at once, whichever one is scraped, and counts wrong admin tokens across them", async () => {
  const databaseUrl = (await backends.databaseUrl("pg"))!;
  const primary = spawnApp(PG_APP, {
    DATABASE_URL: databaseUrl,
    WORKERS: "2",
    // The directory keeps the shared failure limits the admin token's count goes to.
    APP_MODULES: "archive,directory",
    ARCHIVE_DEMO_CRAWL: "0",
    ARCHIVE_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
  });
  try {
    const base = JSON.parse((await linesWith(primary, '"listening"', 2))[0]).url;
    // node:cluster hands the connections to the two processes in turn: each answers some.
    for (let i = 0; i < 6; i++) expect((await fetch(`${base}/api/search?q=clinic`)).status).toBe(200);
    const scrapes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${base}/metrics`, { headers: ADMIN_HEADERS });
      expect(res.status).toBe(200);
      scrapes.push(await res.text());
    }
    const value = (text: string, name: string) =>
      Number(text.match(new RegExp(`^${name} (\\S+)$`, "m"))?.[1]);
    expect(scrapes.map((t) => value(t, "archive_search_requests_total"))).toEqual([6, 6, 6, 6]);
    // Figures read from the shared database are given once, not once per process.
    expect(scrapes.map((t) => value(t, "archive_crawl_running_jobs"))).toEqual([0, 0, 0, 0]);
    expect(scrapes[0].match(/^# TYPE archive_jobs_total (\w+)$/m)?.[1]).toBe("untyped");
    const check = spawnSync(requireBinary("promtool", "prometheus"), ["check", "metrics"], {
      input: scrapes[0],
    });
    expect(`${check.stdout}${check.stderr}`).toBe("");
    expect(check.status).toBe(0);
    // Ten wrong tokens from one address in 15 minutes, however many processes answer them.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await fetch(`${base}/metrics`, { headers: { authorization: "Bearer wrong-token-0123456789" } }))
          .status,
      );
    expect(statuses).toEqual([...Array(10).fill(403), 429]);
  } finally {
    await primary.stop();
  }
}, 240_000);

it("runs the wait-time poller and the threshold watchdog once per slot across processes", async () => {
  const databaseUrl = (await backends.databaseUrl("pg"))!;
  // Two pools per module stand for two app processes on one database.
  const pools = ["waittimes", "waittimes", "directory", "directory"].map((schema) =>
    createPgPool({ url: databaseUrl, schema, size: 2 }),
  );
  let feedHits = 0;
  const feed = http.createServer((_req, res) => {
    feedHits++;
    res.end("not a feed");
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  try {
    await pgUpgrade(pools[0], "waittimes", waittimesPgMigrations);
    await pgUpgrade(pools[2], "directory", directoryPgMigrations);
    const target = {
      sourceId: "alberta-ahs",
      url: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed`,
      intervalMs: 3_600_000,
    };
    // Each poller polls at once on start, then hourly: one of the two takes this hour's slot.
    const pollers = pools.slice(0, 2).map((pool) => new Poller(createPgWaittimesRepository(pool), [target]));
    for (const poller of pollers) poller.start();
    for (const poller of pollers) await poller.stop();
    expect(feedHits).toBe(1);

    const [a, b] = pools.slice(2).map((pool) => createPgDirectoryRepository(pool));
    const now = Date.UTC(2026, 10, 24, 12, 0, 10);
    const ran: string[] = [];
    const tick = (repo: typeof a, name: string, at: number) =>
      runOncePerSlot(repo, "threshold-watchdog", 30_000, async () => ran.push(name), at);
    expect(await Promise.all([tick(a, "a", now), tick(b, "b", now + 5_000)])).toEqual(
      ran[0] === "a" ? [true, false] : [false, true],
    );
    // The next slot (30 s on) is anyone's once more.
    expect(await tick(b, "b", now + 30_000)).toBe(true);
    expect(ran).toHaveLength(2);
  } finally {
    feed.close();
    for (const pool of pools) await pool.end();
  }
});
