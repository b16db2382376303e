/**
 * Assembles the /api/data-quality body: one hospital in detail, or every source with its
 * hospitals summarised and an overall status. Results are cached until new data arrives (or for
 * a minute, since staleness moves with the clock).
 */
import {
  hospitalQuality,
  type QualityContext,
  runsForWindow,
  STATUS_RULE,
  sourceQuality,
  worstOf,
} from "./data-quality.js";
import { cached, isCached } from "./data-version.js";
import { THINNED_INTERVAL as THINNED_DEMO_CADENCE } from "./demo-history.js";
import { type HospitalRecord, loadRegistry } from "./hospital-registry.js";
import type { WaittimesRepository } from "./repository.js";
import { toIso } from "./time-buckets.js";

const TTL_MS = 60_000;

async function contextFor(repo: WaittimesRepository, days: number, now: number): Promise<QualityContext> {
  const meta = await repo.meta();
  const thinned =
    meta.demo === "1" && meta.demo_scale === "small" ? Number(meta.demo_full_cadence_from) : null;
  return { now, days, thinnedBefore: thinned };
}

const warming = new WeakMap<WaittimesRepository, Map<number, Promise<void>>>();

const runsFor = (repo: WaittimesRepository, sourceId: string, ctx: QualityContext) =>
  cached(repo, `runs|${sourceId}|${ctx.days}`, TTL_MS, () => runsForWindow(repo, sourceId, ctx));

const qualityOf = (repo: WaittimesRepository, h: HospitalRecord, ctx: QualityContext) =>
  cached(repo, `dq|${h.id}|${ctx.days}`, TTL_MS, async () =>
    hospitalQuality(repo, h, ctx, await runsFor(repo, h.source_id, ctx)),
  );

/**
 * The all-sources report reads every live-feed observation of the window (seconds at the large
 * scale). Before it is assembled, each hospital's part is computed on its own event-loop turn, so
 * other requests are served in between; concurrent callers share one warm-up.
 */
export async function warmQualityReport(repo: WaittimesRepository, days: number, now: number): Promise<void> {
  if (await isCached(repo, `dq-all|${days}`, TTL_MS)) return;
  let byDays = warming.get(repo);
  if (!byDays) {
    byDays = new Map();
    warming.set(repo, byDays);
  }
  const running = byDays.get(days);
  if (running) return running;
  const job = (async () => {
    const ctx = await contextFor(repo, days, now);
    for (const h of (await loadRegistry(repo)).hospitals) {
      await qualityOf(repo, h, ctx);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })().finally(() => byDays.delete(days));
  byDays.set(days, job);
  return job;
}

export async function buildQualityReport(
  repo: WaittimesRepository,
  opts: { focus?: HospitalRecord; days: number; now: number; demo: boolean },
) {
  const { days, now, demo } = opts;
  const ctx = await contextFor(repo, days, now);
  const registry = await loadRegistry(repo);
  const header = {
    days,
    generated_at: toIso(now),
    demo,
    notes: ctx.thinnedBefore
      ? `Demo history before ${toIso(ctx.thinnedBefore)} is thinned to one observation every ${THINNED_DEMO_CADENCE / 3600} hours; expected counts for those days use that cadence.`
      : null,
  };
  if (opts.focus) {
    return { ...header, hospital: await qualityOf(repo, opts.focus, ctx) };
  }
  return cached(repo, `dq-all|${days}`, TTL_MS, async () => {
    const sources = [];
    for (const sourceId of registry.sources.keys()) {
      const hospitals = [];
      for (const h of registry.hospitals)
        if (h.source_id === sourceId) hospitals.push(await qualityOf(repo, h, ctx));
      sources.push(sourceQuality(registry, sourceId, hospitals, await runsFor(repo, sourceId, ctx)));
    }
    return { ...header, status: worstOf(sources.map((s) => s.status)), status_rule: STATUS_RULE, sources };
  });
}
