/**
 * The `schedule-annual` task follows the calendar (UTC), not the time since the server started:
 * - From the campaign month (ARCHIVE_CAMPAIGN_MONTH, January by default) on, the year's campaign
 *   runs once: the run that claims the year's row in `annual_campaigns` (one transaction, unique
 *   per year) plans the year's edition of every enabled source. Restarts and a second process
 *   find the row taken and do not run it again.
 * - A source never archived before (a new install, a new source) gets this year's edition at
 *   once, whatever the month; after the campaign, a source still lacking this year's edition
 *   (enabled later, its site down at the time, or its planning failed) is planned at the next run.
 * Planning is idempotent (plan.ts): each edition's ledger and shard jobs are made once.
 */
import os from "node:os";
import { asArchiveRepository } from "../repository-of.js";
import type { TaskContext, TaskResult } from "../tasks/task-context.js";
import { type PlanResult, planEdition, SiteUnreachableError } from "./plan.js";

const CLAIM_STALE_MS = 24 * 3600_000;
const claimant = () => `${os.hostname()}:${process.pid}`;

export async function scheduleAnnual(ctx: TaskContext): Promise<TaskResult> {
  const nowIso = ctx.now();
  const now = new Date(nowIso);
  const year = now.getUTCFullYear();
  const due = now.getUTCMonth() + 1 >= ctx.editions.campaignMonth;
  const repo = asArchiveRepository(ctx.store);
  const ours = due && !(await repo.getCampaign(year)) && (await repo.claimCampaign(year, claimant(), nowIso));
  // Read after the claim: a run that lost it sees the winner's row.
  const existing = ours ? undefined : await repo.getCampaign(year);
  // A campaign claimed by another process and still under way: leave the year's planning to it.
  if (
    due &&
    !ours &&
    existing &&
    !existing.finished_at &&
    now.getTime() - Date.parse(existing.claimed_at) < CLAIM_STALE_MS
  )
    return { ok: true, summary: `${year}: the campaign is running (claimed by ${existing.claimed_by})` };

  const archivedBefore = await repo.sourceIdsWithEditionsBefore(year);
  const waiting: string[] = [];
  const postponed: string[] = [];
  const planned: (PlanResult & { code: string })[] = [];
  const errors: string[] = [];
  for (const source of (await repo.listSources()).filter((s) => s.enabled && s.base_url)) {
    const edition = await repo.findEdition(source.id, year);
    if (edition && (await repo.isEditionPlanned(edition.id))) continue;
    if (!due && archivedBefore.has(source.id)) {
      waiting.push(source.code);
      continue;
    }
    try {
      const deps = {
        store: repo,
        dataDir: ctx.dataDir,
        shardMaxUrls: ctx.editions.shardMaxUrls,
        now: nowIso,
      };
      planned.push({ ...(await planEdition(deps, source, year)), code: source.code });
    } catch (err) {
      const why = `${source.code}: ${String((err as Error).message ?? err).slice(0, 300)}`;
      (err instanceof SiteUnreachableError ? postponed : errors).push(why);
    }
  }
  const jobs = planned.reduce((n, p) => n + p.jobsCreated, 0);
  const campaign = ours
    ? "campaign run"
    : existing
      ? `campaign ran on ${existing.claimed_at.slice(0, 10)}`
      : `campaign due in month ${ctx.editions.campaignMonth}`;
  const summary =
    `${year}: ${campaign}; ${planned.length} edition(s) planned (${planned.map((p) => p.code).join(", ") || "none"}), ` +
    `${jobs} shard job(s) queued${waiting.length ? `; waiting for the campaign: ${waiting.join(", ")}` : ""}` +
    `${postponed.length ? `; postponed, the site did not answer: ${postponed.join("; ")}` : ""}` +
    `${errors.length ? `; failed: ${errors.join("; ")}` : ""}`;
  if (ours) await repo.finishCampaign(year, summary, ctx.now());
  return { ok: errors.length === 0, summary, details: { year, campaign: ours, planned, errors } };
}
