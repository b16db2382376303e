/**
 * Assembles the /api/data-quality body: one hospital in detail, or every source with its
 * hospitals summarised and an overall status. Results are cached until new data arrives (or for
 * a minute, since staleness moves with the clock).
 */
import type { Store } from "../db/types.js";
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
import { readMeta } from "./queries.js";
import { toIso } from "./time-buckets.js";

const TTL_MS = 60_000;

function contextFor(store: Store, days: number, now: number): QualityContext {
  const meta = readMeta(store);
  const thinned =
    meta.demo === "1" && meta.demo_scale === "small" ? Number(meta.demo_full_cadence_from) : null;
  return { now, days, thinnedBefore: thinned };
}

const warming = new WeakMap<Store, Map<number, Promise<void>>>();

/**
 * The all-sources report reads every live-feed observation of the window (seconds at the large
 * scale). Before it is assembled, each hospital's part is computed on its own event-loop turn, so
 * other requests are served in between; concurrent callers share one warm-up.
 */
export async function warmQualityReport(store: Store, days: number, now: number): Promise<void> {
  if (isCached(store, `dq-all|${days}`, TTL_MS)) return;
  let byDays = warming.get(store);
  if (!byDays) {
    byDays = new Map();
    warming.set(store, byDays);
  }
  const running = byDays.get(days);
  if (running) return running;
  const job = (async () => {
    const ctx = contextFor(store, days, now);
    for (const h of loadRegistry(store).hospitals) {
      const runs = cached(store, `runs|${h.source_id}|${days}`, TTL_MS, () =>
        runsForWindow(store, h.source_id, ctx),
      );
      cached(store, `dq|${h.id}|${days}`, TTL_MS, () => hospitalQuality(store, h, ctx, runs));
      await new Promise((resolve) => setImmediate(resolve));
    }
  })().finally(() => byDays.delete(days));
  byDays.set(days, job);
  return job;
}

export function buildQualityReport(
  store: Store,
  opts: { focus?: HospitalRecord; days: number; now: number; demo: boolean },
) {
  const { days, now, demo } = opts;
  const ctx = contextFor(store, days, now);
  const registry = loadRegistry(store);
  const perHospital = (h: HospitalRecord) =>
    cached(store, `dq|${h.id}|${days}`, TTL_MS, () => hospitalQuality(store, h, ctx, runsFor(h.source_id)));
  const runsFor = (sourceId: string) =>
    cached(store, `runs|${sourceId}|${days}`, TTL_MS, () => runsForWindow(store, sourceId, ctx));
  const header = {
    days,
    generated_at: toIso(now),
    demo,
    notes: ctx.thinnedBefore
      ? `Demo history before ${toIso(ctx.thinnedBefore)} is thinned to one observation every ${THINNED_DEMO_CADENCE / 3600} hours; expected counts for those days use that cadence.`
      : null,
  };
  if (opts.focus) {
    return { ...header, hospital: perHospital(opts.focus) };
  }
  return cached(store, `dq-all|${days}`, TTL_MS, () => {
    const sources = [...registry.sources.keys()].map((sourceId) =>
      sourceQuality(
        registry,
        sourceId,
        registry.hospitals.filter((h) => h.source_id === sourceId).map(perHospital),
        runsFor(sourceId),
      ),
    );
    return { ...header, status: worstOf(sources.map((s) => s.status)), status_rule: STATUS_RULE, sources };
  });
}
