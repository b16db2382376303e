/**
 * The archive's scheduler on a disk that fills up: a tick that cannot claim its slot or save its
 * state logs it and ends normally, so the process keeps serving; once space is freed the next due
 * tick runs the task and saves its state. The disk is a real tmpfs filled for real, the store a real sql.js
 * store on it. Before, the tick's rejection went unhandled from a timer and ended the server.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { archiveRepository } from "../../server/archive/repository-of.js";
import type { TaskDef } from "../../server/archive/tasks/registry.js";
import { startScheduler } from "../../server/archive/tasks/scheduler.js";
import { createStore } from "../../server/db/store.js";
import type { Store } from "../../server/db/types.js";
import { fillDisk, mountTmpfs, unmountTmpfs } from "../helpers/crash/fill-disk.js";

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "chc-scheduler-disk-"));
const filler = path.join(mountPoint, "filler");
let store: Store;

beforeAll(async () => {
  mountTmpfs(mountPoint, "16m");
  store = await createStore({
    dataDir: mountPoint,
    name: "archive",
    migrations: createArchiveModule().migrations,
  });
});

afterAll(async () => {
  await store?.close().catch(() => undefined);
  unmountTmpfs(mountPoint);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

it("logs a tick it cannot claim on a full disk, keeps going, and runs the task once space is back", async () => {
  let clock = Date.parse("2026-04-01T10:00:00.000Z");
  const runs: string[] = [];
  const task: TaskDef = {
    name: "change-tracking",
    everyMs: 3_600_000,
    pingVar: null,
    runAtStart: true,
    run: async () => {
      runs.push(new Date(clock).toISOString());
      return { ok: true, summary: "done" };
    },
  };
  const lines: { msg: string; task?: string }[] = [];
  const logger = pino(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  const scheduler = startScheduler(
    [task],
    {
      store: archiveRepository(store),
      dataDir: mountPoint,
      maxRetries: 0,
      request: async () => new Response(null),
      replayUrl: () => null,
      now: () => new Date(clock).toISOString(),
      editions: { shardMaxUrls: 500, campaignMonth: 1 },
    },
    logger,
    () => ({}),
    3_600_000,
  );
  try {
    fillDisk(filler);
    await expect(scheduler.tick()).resolves.toBeUndefined();
    expect(lines.map((l) => [l.msg, l.task])).toContainEqual([
      "archive task could not run; tried again at the next tick",
      "change-tracking",
    ]);
    fs.rmSync(filler);
    clock += 2 * 3_600_000;
    await scheduler.tick();
    expect(runs.at(-1)).toBe("2026-04-01T12:00:00.000Z");
    const saved = JSON.parse(fs.readFileSync(path.join(mountPoint, "archive", "task-state.json"), "utf8"));
    expect(saved["change-tracking"]).toBe("2026-04-01T12:00:00.000Z");
  } finally {
    scheduler.stop();
  }
});
