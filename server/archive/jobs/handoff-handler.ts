/**
 * What the server does with a request the CLI handed off (handoff.ts): run one scheduled task
 * (the CLI pings its check URL afterwards, as a timer's own run would), record where a ZIM
 * built by `chc archive export-zim` was written, or schedule or end a maintenance window (checked
 * against the rules again here).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { endMaintenance, scheduleWindow } from "../maintenance/commands.js";
import { editionTarget, jobTarget, recordZimPath } from "../offline/offline-store.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { runTask, type TaskDef } from "../tasks/registry.js";
import type { TaskContext } from "../tasks/task-context.js";
import type { HandoffRequest, HandoffResult } from "./handoff.js";

export function handoffHandler(
  store: StoreOrRepository,
  taskCtx: TaskContext,
  tasks: readonly TaskDef[],
): (req: HandoffRequest) => Promise<HandoffResult> {
  return async (req) => {
    if (req.op === "task") {
      const def = tasks.find((t) => t.name === req.name);
      if (!def) return { ok: false, summary: `unknown task "${req.name}"` };
      const r = await runTask(def, taskCtx, {});
      return { ok: r.ok, summary: r.summary };
    }
    if (req.op === "maintenance-on") return scheduleWindow(asArchiveRepository(store), req.window);
    if (req.op === "maintenance-off") return endMaintenance(asArchiveRepository(store), req.at);
    if (!path.isAbsolute(req.file) || !req.file.endsWith(".zim") || !existsSync(req.file))
      return { ok: false, summary: `${req.file} is not an existing .zim file named by its full path` };
    const target =
      req.kind === "edition" ? await editionTarget(store, req.id) : await jobTarget(store, req.id);
    await recordZimPath(store, target.jobs, req.file, taskCtx.now());
    return { ok: true, summary: `final_zim_path of ${target.jobs.length} job(s) set` };
  };
}
