/**
 * Keeps demo data current: on each start, and every few minutes while the server runs, the demo
 * history is extended from where it stopped up to now at each source's full cadence (a demo feed
 * that keeps publishing). Only for databases whose data is demo data (meta demo = 1).
 */
import { DEMO_SEED, demoOccupancy, hospitalLevels, type Row } from "./demo-history.js";
import { DEMO_PROFILES, gaussian, rhythm, seededRandom } from "./demo-model.js";
import type { HospitalRecord, Registry } from "./hospital-registry.js";
import type { WaittimesRepository } from "./repository.js";

function extension(h: HospitalRecord, from: number, to: number): { rows: Row[]; occ: Row[] } {
  const rand = seededRandom(DEMO_SEED + h.hid * 7919 + from);
  const { level, occLevel } = hospitalLevels(h);
  const rows: Row[] = [];
  const occ: Row[] = [];
  const emit = (t: number) => {
    const value = Math.max(1, Math.round(level * rhythm(t, h.province) * Math.exp(0.12 * gaussian(rand))));
    rows.push({ hid: h.hid, metric: "TIME_TO_PROVIDER", t, value, unit: "minutes", received: t + 45 });
    if (h.source_id === "quebec-msss") {
      const pct =
        Math.round(
          occLevel * (0.85 + 0.3 * (rhythm(t, h.province) - 0.7)) * Math.exp(0.06 * gaussian(rand)) * 10,
        ) / 10;
      occ.push({
        hid: h.hid,
        metric: "STRETCHER_OCCUPANCY",
        t,
        value: pct,
        unit: "percent",
        received: t + 45,
      });
    }
  };
  if (h.source_id === "ontario-health") {
    const d = new Date(to * 1000);
    const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    if (monthStart > from) emit(monthStart);
    return { rows, occ };
  }
  const [lo, hi] = DEMO_PROFILES[h.source_id].interval;
  let t = lo === hi ? from - (from % lo) + lo : from + 1 + Math.floor(rand() * lo);
  while (t <= to) {
    emit(t);
    t += lo === hi ? lo : lo + Math.floor(rand() * (hi - lo));
  }
  return { rows, occ };
}

/** Extends demo history up to `now`; returns how many measurements were added (0 when not demo). */
export async function extendDemoHistory(
  repo: WaittimesRepository,
  registry: Registry,
  now = Math.floor(Date.now() / 1000),
): Promise<number> {
  const meta = await repo.meta();
  const from = Number(meta.demo_generated_at);
  if (meta.demo !== "1" || !Number.isFinite(from) || now - from < 60) return 0;
  let added = 0;
  const hospitals = registry.hospitals.map((h) => {
    const { rows, occ } = extension(h, from, now);
    added += rows.length + occ.length;
    return {
      sourceId: h.source_id,
      measurements: [...rows, ...occ],
      duplicates: [],
      occupancy: demoOccupancy(occ, seededRandom(h.hid + from)),
    };
  });
  await repo.extendDemoFeed({
    now,
    runs: [...registry.sources.keys()].map((sourceId) => ({
      sourceId,
      kind: "demo",
      startedAt: now,
      finishedAt: now,
      outcome: "success",
      message: "demo feed update",
      demo: true,
    })),
    hospitals,
  });
  return added;
}
