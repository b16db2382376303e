/**
 * What `chc archive maintenance on|off` does to the repository, run by the CLI itself or, while
 * the server holds the sql.js database, by the server (handoff): each answers one line.
 */
import type { ArchiveRepository } from "../repository.js";
import { decideWindow, type WindowRequest } from "./schedule.js";

export interface CommandResult {
  ok: boolean;
  summary: string;
}

export async function scheduleWindow(repo: ArchiveRepository, req: WindowRequest): Promise<CommandResult> {
  const d = decideWindow(req);
  if (!d.ok) return { ok: false, summary: d.message };
  const w = await repo.scheduleMaintenanceWindow(d.window, req.announcedAt);
  const override = w.override
    ? ` (${w.override}${w.rules_broken ? `, against: ${(JSON.parse(w.rules_broken) as string[]).join("; ")}` : ""}; reason recorded)`
    : "";
  return {
    ok: true,
    summary: `${w.type} maintenance window ${w.id} scheduled from ${w.starts_at} to ${w.ends_at}, announced ${w.announced_at}: ${w.reason}${override}`,
  };
}

export async function endMaintenance(repo: ArchiveRepository, at: string): Promise<CommandResult> {
  const n = await repo.endCurrentMaintenance(at);
  return {
    ok: true,
    summary: n
      ? `maintenance mode off (${n} window(s) ended)`
      : "maintenance mode off (no window was current)",
  };
}
