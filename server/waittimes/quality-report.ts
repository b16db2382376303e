/**
 * Assembles the /api/data-quality body: one hospital in detail, or every source with its
 * hospitals summarised and an overall status. Results are cached until new data arrives (or for
 * a minute, since staleness moves with the clock).
 */

import type { Lang } from "../core/http/response-lang.js";
import {
  conflictsForWindow,
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

/** The note on thinned demo history, in each language the API speaks. */
const THINNED_NOTE: Record<Lang, (before: string, hours: number) => string> = {
  en: (before, hours) =>
    `Demo history before ${before} is thinned to one observation every ${hours} hours; expected counts for those days use that cadence.`,
  fr: (before, hours) =>
    `L’historique de démonstration antérieur au ${before} est allégé à un relevé toutes les ${hours}\u00a0heures\u00a0; les relevés attendus de ces jours suivent ce rythme.`,
};

export async function buildQualityReport(
  repo: WaittimesRepository,
  opts: { focus?: HospitalRecord; days: number; now: number; demo: boolean; lang?: Lang },
) {
  const { days, now, demo } = opts;
  const lang = opts.lang ?? "en";
  const ctx = await contextFor(repo, days, now);
  const registry = await loadRegistry(repo);
  const header = (at: number) => ({
    days,
    generated_at: toIso(at),
    demo,
    notes: ctx.thinnedBefore
      ? THINNED_NOTE[lang](toIso(ctx.thinnedBefore), THINNED_DEMO_CADENCE / 3600)
      : null,
  });
  if (opts.focus) {
    return { ...header(now), hospital: await qualityOf(repo, opts.focus, ctx) };
  }
  // The figures are kept once for both languages; the prose is added per answer.
  const report = await cached(repo, `dq-all|${days}`, TTL_MS, async () => {
    const sources = [];
    for (const sourceId of registry.sources.keys()) {
      const hospitals = [];
      for (const h of registry.hospitals)
        if (h.source_id === sourceId) hospitals.push(await qualityOf(repo, h, ctx));
      sources.push(
        sourceQuality(
          registry,
          sourceId,
          hospitals,
          await runsFor(repo, sourceId, ctx),
          await conflictsForWindow(repo, sourceId, ctx),
        ),
      );
    }
    return { generatedAt: now, status: worstOf(sources.map((s) => s.status)), sources };
  });
  return {
    ...header(report.generatedAt),
    status: report.status,
    status_rule: STATUS_RULE[lang],
    sources: report.sources,
  };
}
