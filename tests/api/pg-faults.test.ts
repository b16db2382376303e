/**
 * PostgreSQL taken away and brought back under a running server (a real cluster, stopped and
 * started on the same port): requests answer 503 ServiceUnavailable in the envelope well within
 * REQUEST_TIMEOUT_MS, /api/health reports the database as failed per module, and the server
 * recovers by itself once PostgreSQL is back.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Breaker, BreakerRegistry } from "../../server/core/breaker.js";
import { runOncePerSlot } from "../../server/core/task-slots.js";
import { Alerter } from "../../server/directory/incidents/alerts.js";
import { evaluateThresholds } from "../../server/directory/incidents/watchdog.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { waittimesModule } from "../../server/waittimes/index.js";
import { ADMIN_HEADERS } from "../helpers/admin-token.js";
import { type ChatReceiver, startChatReceiver } from "../helpers/directory/chat-receiver.js";
import { pgBackend } from "../helpers/pg-backend.js";
import type { PgCluster } from "../helpers/pg-cluster.js";
import { scratchDir } from "../helpers/scratch-dir.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const REQUEST_TIMEOUT_MS = 3_000;
const backends = pgBackend({ own: true }); // its own cluster: the file stops and starts it
let cluster: PgCluster;
let server: TestServer;

let receiver: ChatReceiver;
const alertLog = path.join(scratchDir("chc-pg-alerts-"), "alerts.log");

beforeAll(async () => {
  receiver = await startChatReceiver();
  cluster = await backends.cluster();
  server = await startTestServer({
    modules: [waittimesModule, directoryModule],
    databaseUrl: await backends.databaseUrl("pg"),
    env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
  });
}, 30_000);
afterAll(async () => {
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

  it("has the threshold watchdog alert the outage, once while it lasts, though no slot can be claimed", async () => {
    const ctx = server.contexts.get("directory")!;
    const breaker = new Breaker("alert-webhook");
    const alerter = new Alerter({ webhook: { url: `${receiver.url}/hook`, breaker } }, alertLog);
    const check = () =>
      runOncePerSlot(
        directoryRepository(ctx),
        "threshold-watchdog",
        30_000,
        () => evaluateThresholds(ctx, new BreakerRegistry(), alerter),
        Date.now(),
        { runIfUnclaimable: true },
      );
    try {
      for (let i = 0; i < 3; i++) expect(await check()).toBe(true);
      await alerter.settled();
      expect(receiver.received.map((r) => JSON.parse(r.body).text)).toEqual([
        expect.stringMatching(
          /^\[SEV-1\] Directory thresholds breached: .*database.*\(incident not recorded: /i,
        ),
      ]);
      // Without the option a slot that cannot be claimed is the caller's error, as before.
      await expect(
        runOncePerSlot(directoryRepository(ctx), "threshold-watchdog", 30_000, async () => undefined),
      ).rejects.toThrow();
    } finally {
      await alerter.close();
      breaker.shutdown();
    }
  });

  it("recovers by itself once PostgreSQL is back", async () => {
    cluster.start();
    await until("/api/hospitals", 200);
    expect((await until("/api/health", 200)).body).toEqual({ status: "ok", checks: { db: "ok" } });
    expect((await timed("/api/v1/services?limit=1")).status).toBe(200);
    const details = await timed("/api/health?details=1");
    expect(details.body.details.stores.waittimes).toMatchObject({ readable: true, lastError: null });
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
