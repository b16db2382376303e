/**
 * Spec 001 §6 ping rules as the in-process scheduler applies them with ARCHIVE_PING_ENV_FILE: the
 * URLs come from the owner-only file, read before every run; a file its group or others can read
 * is refused with a warning (pings off, URL never logged); no file means no pings.
 */
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pingUrlSource } from "../../server/archive/tasks/ping-env-file.js";
import type { TaskDef } from "../../server/archive/tasks/registry.js";
import { startScheduler } from "../../server/archive/tasks/scheduler.js";
import { loadConfig } from "../../server/core/config.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";

let env: Awaited<ReturnType<typeof openArchiveStore>>;
let checks: http.Server;
let base = "";
const hits: string[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  env = await openArchiveStore();
  checks = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    res.end("OK");
  });
  await new Promise<void>((r) => checks.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(checks.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => checks.close(r));
  await env.cleanup();
});

describe("the scheduler's ping file", () => {
  it("pings from an owner-only file, refuses one others can read, and stops when it is removed", async () => {
    const file = path.join(env.dataDir, "archive-pings.env");
    writeFileSync(
      file,
      `# check URLs\nARCHIVE_HC_PING_CHANGE_TRACKING="${base}/ping/secret-check-id"\nARCHIVE_HC_PING_REPLAY_SMOKE=not a url\n`,
    );
    chmodSync(file, 0o600);
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    );
    const config = loadConfig({ DATA_DIR: env.dataDir, ARCHIVE_PING_ENV_FILE: file });
    const task: TaskDef = {
      name: "change-tracking",
      everyMs: 0, // due at every tick
      pingVar: "ARCHIVE_HC_PING_CHANGE_TRACKING",
      run: async () => ({ ok: true, summary: "done" }),
    };
    const scheduler = startScheduler(
      [task],
      {
        store: env.store,
        dataDir: env.dataDir,
        maxRetries: 0,
        request: async () => new Response(null),
        replayUrl: () => null,
        now: () => new Date().toISOString(),
        editions: { shardMaxUrls: 500, campaignMonth: 1 },
      },
      logger,
      pingUrlSource(config, logger),
      3_600_000,
    );
    try {
      await scheduler.tick();
      expect(hits).toEqual(["/ping/secret-check-id"]);

      chmodSync(file, 0o640);
      await scheduler.tick();
      expect(hits).toHaveLength(1);
      const refused = logLines.filter((l) => l.includes("can be read by users other than its owner"));
      expect(refused).toHaveLength(1);
      expect(JSON.parse(refused[0])).toMatchObject({ level: 40, file, mode: "640" });

      chmodSync(file, 0o604);
      await scheduler.tick();
      expect(hits).toHaveLength(1);

      rmSync(file);
      await scheduler.tick();
      expect(hits).toHaveLength(1);

      writeFileSync(file, `ARCHIVE_HC_PING_CHANGE_TRACKING=${base}/ping/again\n`, { mode: 0o600 });
      await scheduler.tick();
      expect(hits).toEqual(["/ping/secret-check-id", "/ping/again"]);
    } finally {
      scheduler.stop();
    }
    // The bad URL is named by its variable; no URL ever reaches the log.
    expect(logLines.join("")).toContain('"variable":"ARCHIVE_HC_PING_REPLAY_SMOKE"');
    expect(logLines.join("")).not.toContain("secret-check-id");
    expect(logLines.join("")).not.toContain("not a url");
  });

  it("is a validated setting: an absolute path", () => {
    expect(() => loadConfig({ ARCHIVE_PING_ENV_FILE: "pings.env" })).toThrow(
      'Invalid environment variable ARCHIVE_PING_ENV_FILE="pings.env": must be an absolute path',
    );
  });
});
