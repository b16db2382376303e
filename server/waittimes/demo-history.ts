/**
 * Writes a deterministic year of demo history for every hospital at its source's cadence, with
 * the flaws real feeds have, so the data-quality report has something true to find: a few gaps
 * (hospital-level and source-wide outages with failed runs), late runs, duplicate deliveries and
 * outliers. `small` keeps the last FULL_DAYS at full cadence and thins older history to every
 * six hours (so a first start stays quick); `large` writes the whole year at full cadence
 * (over 3 million measurements, for the benchmark). Everything is flagged demo in meta.
 */
import { DEMO_PROFILES, gaussian, rhythm, seededRandom } from "./demo-model.js";
import type { HospitalRecord, Registry } from "./hospital-registry.js";
import type {
  DemoPart,
  MeasurementRecord,
  OccupancyRecord,
  RunRecord,
  WaittimesRepository,
} from "./repository.js";

export type DemoScale = "small" | "large";
export const DEMO_SEED = 20261122;
export const FULL_DAYS = 14;
/** Older small-scale history keeps one observation per this many seconds (data quality reads it too). */
export const THINNED_INTERVAL = 6 * 3600;
const YEAR = 365 * 86400;

export type Row = MeasurementRecord;

export interface DemoSummary {
  measurements: number;
  duplicates: number;
  occupancy: number;
  runs: number;
}

/** Source-wide outages in the full-cadence window: [start, end) seconds, reproducible. */
function outages(sourceId: string, now: number): [number, number][] {
  const r = seededRandom(DEMO_SEED ^ (sourceId.length * 7919));
  return [0, 1].map(() => {
    const start = now - Math.floor((2 + r() * (FULL_DAYS - 4)) * 86400);
    return [start, start + Math.floor((2 + r() * 3) * 3600)] as [number, number];
  });
}

/** A hospital's typical wait and occupancy: the first two draws of its own seeded sequence. */
export function hospitalLevels(h: HospitalRecord, rand = seededRandom(DEMO_SEED + h.hid * 104729)) {
  const profile = DEMO_PROFILES[h.source_id];
  const level = profile.level[0] + rand() * (profile.level[1] - profile.level[0]);
  return { level, occLevel: 75 + rand() * 55 };
}

function hospitalSeries(
  h: HospitalRecord,
  now: number,
  scale: DemoScale,
  down: [number, number][],
): { rows: Row[]; dups: Row[]; occ: Row[] } {
  const profile = DEMO_PROFILES[h.source_id];
  const rand = seededRandom(DEMO_SEED + h.hid * 104729);
  const { level, occLevel } = hospitalLevels(h, rand);
  const rows: Row[] = [];
  const dups: Row[] = [];
  const occ: Row[] = [];
  const start = now - YEAR;
  // One hospital-level gap of 1–6 hours inside the recent window.
  const gapStart = now - Math.floor((1 + rand() * (FULL_DAYS - 2)) * 86400);
  const gap: [number, number] = [gapStart, gapStart + Math.floor((1 + rand() * 5) * 3600)];
  const inGap = (t: number) => (t >= gap[0] && t < gap[1]) || down.some(([a, b]) => t >= a && t < b);

  // A monthly table is published whole: an hour's gap or a feed outage delays it, never loses a row.
  const emit = (t: number, full: boolean, monthly = false) => {
    if (!monthly && inGap(t)) return;
    let value = level * rhythm(t, h.province) * Math.exp(0.12 * gaussian(rand));
    if (rand() < 1 / 5000) value *= 5 + rand() * 3; // a feed glitch
    value = Math.max(1, Math.round(value));
    // Late deliveries: about one observation in 400 arrives hours after it was observed.
    const received = t + (rand() < 1 / 400 ? 3600 + Math.floor(rand() * 7200) : 30 + Math.floor(rand() * 60));
    const row = { hid: h.hid, metric: "TIME_TO_PROVIDER", t, value, unit: "minutes", received };
    rows.push(row);
    if (rand() < 1 / 1500) dups.push({ ...row, received: received + 60 });
    if (h.source_id === "quebec-msss" && (full || scale === "large")) {
      const pct =
        Math.round(
          occLevel * (0.85 + 0.3 * (rhythm(t, h.province) - 0.7)) * Math.exp(0.06 * gaussian(rand)) * 10,
        ) / 10;
      occ.push({ hid: h.hid, metric: "STRETCHER_OCCUPANCY", t, value: pct, unit: "percent", received });
    }
  };

  if (h.source_id === "ontario-health") {
    // Monthly performance table: one figure per month (the current one month-to-date), stamped at the month's start.
    const d = new Date(now * 1000);
    for (let k = 11; k >= 0; k--)
      emit(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - k, 1) / 1000, true, true);
    return { rows, dups, occ };
  }
  const fullFrom = scale === "large" ? start : now - FULL_DAYS * 86400;
  const [lo, hi] = profile.interval;
  // Thinned older history on a fixed 3-hour grid, then full cadence up to now.
  for (let t = start - (start % THINNED_INTERVAL) + THINNED_INTERVAL; t < fullFrom; t += THINNED_INTERVAL)
    emit(t, false);
  let t = lo === hi ? fullFrom - (fullFrom % lo) + lo : fullFrom + Math.floor(rand() * lo);
  while (t <= now) {
    emit(t, true);
    t += lo === hi ? lo : lo + Math.floor(rand() * (hi - lo));
  }
  return { rows, dups, occ };
}

/** Occupancy counts for demo observations, drawn from `rand` in order (reproducible). */
export function demoOccupancy(rows: Row[], rand: () => number): OccupancyRecord[] {
  return rows.map((r) => {
    const total = 30 + (r.hid % 5) * 10;
    const occupied = Math.round((r.value / 100) * total);
    return {
      hid: r.hid,
      t: r.t,
      pct: (occupied / total) * 100,
      total,
      occupied,
      waiting: Math.floor(rand() * 25),
    };
  });
}

/** Ingest-run records for the recent window: one per source per hour, failed during outages, a few late. */
function simulatedRuns(sourceId: string, now: number, down: [number, number][]): RunRecord[] {
  const rand = seededRandom(DEMO_SEED + sourceId.length);
  const runs: RunRecord[] = [];
  const step = sourceId === "ontario-health" ? 30 * 86400 : 3600;
  for (let t = now - FULL_DAYS * 86400; t <= now; t += step) {
    const failed = down.some(([a, b]) => t >= a && t < b);
    const late = !failed && rand() < 0.01;
    const started = late ? t + 2 * step + Math.floor(rand() * step) : t;
    runs.push({
      sourceId,
      kind: "demo",
      startedAt: started,
      finishedAt: started + 2,
      outcome: failed ? "failed" : "success",
      errorCategory: failed ? (rand() < 0.5 ? "timeout" : "http_status") : null,
      message: failed ? "demo: simulated feed outage" : late ? "demo: run started late" : null,
      demo: true,
    });
  }
  return runs;
}

export async function writeDemoHistory(
  repo: WaittimesRepository,
  registry: Registry,
  opts: { scale: DemoScale; now: number },
): Promise<DemoSummary> {
  const summary: DemoSummary = { measurements: 0, duplicates: 0, occupancy: 0, runs: 0 };
  const rowsBySource: Record<string, number> = {};
  const { now, scale } = opts;
  const sourceIds = [...registry.sources.keys()];
  const ids = await repo.recordRuns(
    sourceIds.map((s) => ({
      sourceId: s,
      kind: "demo",
      startedAt: now,
      finishedAt: now,
      outcome: "success",
      message: `demo history (${scale})`,
      demo: true,
    })),
  );
  const runIds = Object.fromEntries(sourceIds.map((s, i) => [s, ids[i]]));
  const perWrite = scale === "large" ? 2 : 25;
  const hospitals = registry.hospitals;
  for (let i = 0; i < hospitals.length; i += perWrite) {
    const part: DemoPart = { now, runId: (s) => runIds[s], hospitals: [] };
    for (const h of hospitals.slice(i, i + perWrite)) {
      const { rows, dups, occ } = hospitalSeries(h, now, scale, outages(h.source_id, now));
      part.hospitals.push({
        sourceId: h.source_id,
        measurements: [...rows, ...occ],
        duplicates: dups,
        occupancy: demoOccupancy(occ, seededRandom(h.hid)),
      });
      summary.measurements += rows.length + occ.length;
      rowsBySource[h.source_id] = (rowsBySource[h.source_id] ?? 0) + rows.length + occ.length;
      summary.duplicates += dups.length;
      summary.occupancy += occ.length;
    }
    await repo.addDemoMeasurements(part);
  }
  const runs = sourceIds.flatMap((s) => simulatedRuns(s, now, outages(s, now)));
  summary.runs = runs.length;
  await repo.finishDemoHistory({
    runs,
    totals: Object.entries(runIds).map(([s, runId]) => ({
      runId,
      accepted: rowsBySource[s] ?? 0,
      occupancy: s === "quebec-msss" ? summary.occupancy : 0,
    })),
    meta: [
      ["demo", "1"],
      ["demo_scale", scale],
      ["demo_seed", String(DEMO_SEED)],
      ["demo_generated_at", String(now)],
      ["demo_full_cadence_from", String(scale === "large" ? now - YEAR : now - FULL_DAYS * 86400)],
    ],
  });
  return summary;
}
