/**
 * In-process scheduler for the archive's tasks (ARCHIVE_SCHEDULER=0 leaves the nine timer tasks to
 * systemd, which runs `chc archive task <name>`; SCHEDULER=0 stops all background work). Last runs are kept in
 * `<DATA_DIR>/archive/task-state.json`; a task never run before waits one full period from the
 * first start, unless it is marked `runAtStart` (schedule-annual, which reads the calendar itself).
 * Time comes from the task context's clock. Several processes may run a scheduler on one
 * database: a due task first claims its schedule slot (the period it falls in, counted from the
 * epoch) through the repository, so only one of them runs it per slot.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { asArchiveRepository } from "../repository-of.js";
import { runTask, type TaskDef } from "./registry.js";
import type { TaskContext } from "./task-context.js";

export function startScheduler(
  defs: TaskDef[],
  ctx: TaskContext,
  logger: Logger,
  /** The check URLs at the time of each run (see ping-env-file.ts). */
  pingUrls: () => Readonly<Record<string, unknown>>,
  tickMs = 60_000,
) {
  const file = path.join(ctx.dataDir, "archive", "task-state.json");
  const load = (): Record<string, string> => {
    try {
      return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
    } catch {
      return {};
    }
  };
  const save = (s: Record<string, string>) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(s, null, 1));
    renameSync(`${file}.tmp`, file);
  };
  const state = load();
  for (const d of defs) state[d.name] ??= d.runAtStart ? new Date(0).toISOString() : ctx.now();
  save(state);
  /** A task due at every tick (no period) has no slot to share. */
  const claimed = (d: TaskDef) => {
    if (d.everyMs <= 0) return Promise.resolve(true);
    const slot = Math.floor(Date.parse(ctx.now()) / d.everyMs) * d.everyMs;
    return asArchiveRepository(ctx.store).claimScheduledRun(d.name, new Date(slot).toISOString());
  };
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const d of defs) {
        if (Date.parse(ctx.now()) - Date.parse(state[d.name]) < d.everyMs) continue;
        // A slot that cannot be claimed or a state that cannot be saved (a full disk, PostgreSQL
        // down) is logged and tried again at the next tick: a timer's rejection would end the
        // whole process, which serves reads meanwhile.
        try {
          if (!(await claimed(d))) {
            // Another process runs this slot: wait a full period from here, as after a run.
            state[d.name] = ctx.now();
            save(state);
            logger.info({ task: d.name }, "archive task already run by another process in this slot");
            continue;
          }
          const r = await runTask(d, ctx, pingUrls());
          state[d.name] = ctx.now();
          save(state);
          logger[r.ok ? "info" : "warn"](
            { task: d.name, ok: r.ok, summary: r.summary, pinged: r.ping.sent, pingError: r.ping.error },
            "archive task ran",
          );
        } catch (err) {
          logger.warn({ task: d.name, err }, "archive task could not run; tried again at the next tick");
        }
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
