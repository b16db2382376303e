/**
 * PostgreSQL taken away and brought back under a running server (a real cluster, stopped and
 * started on the same port): requests answer 503 ServiceUnavailable in the envelope well within
 * REQUEST_TIMEOUT_MS, /api/health reports the database as failed per module, and the server
 * recovers by itself once PostgreSQL is back. The threshold watchdog of two processes alerts the
 * outage once between them, and once PostgreSQL is back records its incident and says it is resolved.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { simpleParser } from "mailparser";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Breaker, BreakerRegistry } from "../../server/core/breaker.js";
import type { ModuleContext } from "../../server/core/module.js";
import { runOncePerSlot } from "../../server/core/task-slots.js";
import { PgHealth } from "../../server/db/pg/health.js";
import { createPgPool } from "../../server/db/pg/pool.js";
import { AlertMailer } from "../../server/directory/incidents/alert-mail.js";
import { Alerter } from "../../server/directory/incidents/alerts.js";
import { CLEAR_HOLD_MS, evaluateThresholds } from "../../server/directory/incidents/watchdog.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { waittimesModule } from "../../server/waittimes/index.js";
import { ADMIN_HEADERS } from "../helpers/admin-token.js";
import { type ChatReceiver, startChatReceiver } from "../helpers/directory/chat-receiver.js";
import { type SmtpRelay, startSmtpRelay } from "../helpers/directory/smtp-relay.js";
import { pgBackend } from "../helpers/pg-backend.js";
import type { PgCluster } from "../helpers/pg-cluster.js";
import { scratchDir } from "../helpers/scratch-dir.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const REQUEST_TIMEOUT_MS = 3_000;
const backends = pgBackend({ own: true }); // its own cluster: the file stops and starts it
let cluster: PgCluster;
let server: TestServer;

let receiver: ChatReceiver;
let relay: SmtpRelay;
/** The data folder the two processes' watchdogs share (their alert log's). */
const alertLog = path.join(scratchDir("chc-pg-alerts-"), "alerts.log");
/** A second app process's own pool on the same database, beside the test server's. */
let otherPool: pg.Pool;

beforeAll(async () => {
  receiver = await startChatReceiver();
  relay = await startSmtpRelay({ starttls: false });
  cluster = await backends.cluster();
  const databaseUrl = await backends.databaseUrl("pg");
  server = await startTestServer({
    modules: [waittimesModule, directoryModule],
    databaseUrl,
    env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
  });
  otherPool = createPgPool({ url: databaseUrl!, schema: "directory", size: 2 });
}, 30_000);
afterAll(async () => {
  await otherPool?.end();
  await relay?.close();
  await receiver?.close();
  await server?.close();
  await backends.close();
});

async function timed(path: string, body?: unknown) {
  const t0 = performance.now();
  const res = await fetch(
    server.baseUrl + path,
    body === undefined
      ? { headers: path.includes("details=1") ? ADMIN_HEADERS : {} }
      : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
  return { status: res.status, body: await res.json(), ms: performance.now() - t0, res };
}

/** Asks until `path` answers `status` (PostgreSQL takes a moment to accept connections again). */
async function until(path: string, status: number, attempts = 50) {
  for (let i = 0; i < attempts; i++) {
    const answer = await timed(path);
    if (answer.status === status) return answer;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${path} never answered ${status}`);
}

/** When the outage was first alerted. */
let outageAt = 0;
/** Steady healthy traffic, as each process's metrics would report it once the database is back. */
const calmTraffic = {
  window: () => [{ method: "GET", route: "/api/v1/services", count: 200, errorRate: 0, p95: 40 }],
};
const channelBreakers: Breaker[] = [];
/** Two app processes' watchdogs: each its own pool, alerter and memory, one data folder between them. */
let running: { ctx: ModuleContext; alerter: Alerter }[] | undefined;
function watchdogs() {
  running ??= [server.contexts.get("directory")!.database, otherDatabase()].map((database) => {
    const breaker = (name: string) => {
      const b = new Breaker(name, { timeoutMs: 2000 });
      channelBreakers.push(b);
      return b;
    };
    const mail = new AlertMailer(
      {
        smtpUrl: `smtp://127.0.0.1:${relay.port}`,
        from: "alerts@example.ca",
        to: ["oncall@example.ca"],
        appUrl: "https://app.example.ca",
      },
      breaker("alert-mail"),
    );
    const alerter = new Alerter(
      { webhook: { url: `${receiver.url}/hook`, breaker: breaker("alert-webhook") }, mail, retries: 0 },
      alertLog,
    );
    return { ctx: { database, metrics: calmTraffic } as unknown as ModuleContext, alerter };
  });
  return running;
}
const otherDatabase = () => ({
  kind: "pg" as const,
  pool: otherPool,
  health: new PgHealth(otherPool, 2_000),
});
const settled = () => Promise.all(watchdogs().map(({ alerter }) => alerter.settled()));
const chatTexts = () => receiver.received.map((r) => JSON.parse(r.body).text as string);
afterAll(async () => {
  for (const { alerter } of running ?? []) await alerter.close();
  for (const b of channelBreakers) b.shutdown();
});

describe("PostgreSQL stopped, then started again", () => {
  it("answers normally while the database is up", async () => {
    expect((await timed("/api/hospitals")).status).toBe(200);
    expect((await timed("/api/v1/services?limit=1")).status).toBe(200);
    expect((await timed("/api/health")).body).toEqual({ status: "ok", checks: { db: "ok" } });
  });

  it("answers 503 in the envelope within the timeout, and health names the failed modules", async () => {
    cluster.stop();
    const signIn = { email: "someone@example.org", password: "not the password" };
    for (const [path, sent] of [
      ["/api/hospitals", undefined],
      ["/api/hospitals/ca-ab-foothills-medical-centre/trends", undefined],
      ["/api/v1/auth/login", signIn],
    ] as const) {
      const { status, body, ms, res } = await timed(path, sent);
      expect(status, path).toBe(503);
      expect(body).toMatchObject({ success: false, error: "ServiceUnavailable" });
      expect(body.message).toMatch(/database/i);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS);
    }
    // The directory's listing answers from the copy it holds in memory (catalogue.ts).
    expect((await timed("/api/v1/services?limit=1")).status).toBe(200);
    const plain = await timed("/api/health");
    expect(plain.status).toBe(503);
    expect(plain.body).toEqual({
      status: "error",
      checks: { db: "error", databases: { waittimes: "error", directory: "error" } },
    });
    const details = await timed("/api/health?details=1");
    expect(details.status).toBe(503);
    expect(details.ms).toBeLessThan(REQUEST_TIMEOUT_MS);
    for (const name of ["waittimes", "directory"])
      expect(details.body.details.stores[name]).toMatchObject({ backend: "postgresql", readable: false });
    expect(JSON.stringify(details.body)).not.toContain("postgres://");
    const directory = await timed("/api/v1/health");
    expect(directory.status).toBe(503);
    expect(directory.body.status).toBe("unhealthy");
  });

  it("has the threshold watchdog alert the outage, once across processes while it lasts, though no slot can be claimed", async () => {
    outageAt = Date.now();
    const checks = () =>
      Promise.all(
        watchdogs().map(({ ctx, alerter }) =>
          runOncePerSlot(
            directoryRepository(ctx),
            "threshold-watchdog",
            30_000,
            () => evaluateThresholds(ctx, new BreakerRegistry(), alerter, new Date(outageAt)),
            outageAt,
            { runIfUnclaimable: true },
          ),
        ),
      );
    for (let i = 0; i < 3; i++) expect(await checks()).toEqual([true, true]);
    await settled();
    expect(chatTexts()).toEqual([
      expect.stringMatching(
        /^\[SEV-1\] Directory thresholds breached: .*database.*\(incident not recorded: /i,
      ),
    ]);
    expect(relay.messages).toHaveLength(1);
    // Without the option a slot that cannot be claimed is the caller's error, as before.
    const ctx = server.contexts.get("directory")!;
    await expect(
      runOncePerSlot(directoryRepository(ctx), "threshold-watchdog", 30_000, async () => undefined),
    ).rejects.toThrow();
  });

  it("recovers by itself once PostgreSQL is back", async () => {
    cluster.start();
    await until("/api/hospitals", 200);
    expect((await until("/api/health", 200)).body).toEqual({ status: "ok", checks: { db: "ok" } });
    expect((await timed("/api/v1/services?limit=1")).status).toBe(200);
    const details = await timed("/api/health?details=1");
    expect(details.body.details.stores.waittimes).toMatchObject({ readable: true, lastError: null });
  });

  it("records the outage's incident from its start once PostgreSQL is back, and says once it is resolved when it has held clear", async () => {
    const back = new Date();
    const check = async (now: Date) => {
      for (const { ctx, alerter } of watchdogs())
        await evaluateThresholds(ctx, new BreakerRegistry(), alerter, now);
      await settled();
    };
    await check(back);
    const repo = directoryRepository(server.contexts.get("directory")!);
    const [incident] = await repo.listIncidents();
    expect(incident).toMatchObject({
      severity: "SEV-1",
      source: "auto",
      status: "open",
      startedAt: new Date(outageAt).toISOString(),
    });
    expect(incident.title).toMatch(/database unavailable/);
    // Its opening was alerted during the outage: recording it sends nothing.
    expect(chatTexts()).toHaveLength(1);
    await check(new Date(back.getTime() + CLEAR_HOLD_MS + 1_000));
    expect(chatTexts()).toEqual([
      expect.anything(),
      expect.stringMatching(new RegExp(`^\\[SEV-1\\] ${incident.id} resolved by the watchdog`)),
    ]);
    expect(relay.messages).toHaveLength(2);
    expect((await simpleParser(relay.messages[1].raw)).subject).toContain(incident.id);
    expect(await repo.getIncident(incident.id)).toMatchObject({ status: "resolved" });
  });
});

/** Every process of the test cluster: the postmaster (found by its port) and its children. */
function clusterPids(): number[] {
  const port = new URL(cluster.url).port;
  const pgrep = (args: string[]) =>
    execFileSync("pgrep", args, { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  const [postmaster] = pgrep(["-f", `postgres -D \\S+ -p ${port} `]);
  return [postmaster, ...pgrep(["-P", String(postmaster)])];
}

describe("PostgreSQL frozen: it accepts connections but answers nothing", () => {
  it("answers 503 within the timeout rather than waiting on it, and carries on once it wakes", async () => {
    expect((await until("/api/hospitals", 200)).status).toBe(200);
    const pids = clusterPids();
    for (const pid of pids) process.kill(pid, "SIGSTOP");
    try {
      // A pooled connection waits for the read timeout; a new one for the connect timeout.
      const answers = await Promise.all(
        ["/api/hospitals", "/api/hospitals?province=QC"].map((path) => timed(path)),
      );
      for (const { status, body, ms } of answers) {
        expect(status).toBe(503);
        expect(body).toMatchObject({ success: false, error: "ServiceUnavailable" });
        expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS);
      }
      // Health probes with a bounded wait too.
      const health = await timed("/api/health");
      expect(health.body).toMatchObject({ status: "error", checks: { db: "error" } });
      expect(health.ms).toBeLessThan(REQUEST_TIMEOUT_MS);
    } finally {
      for (const pid of pids) process.kill(pid, "SIGCONT");
    }
    await until("/api/hospitals", 200);
    expect((await until("/api/health", 200)).body.status).toBe("ok");
  });
});
