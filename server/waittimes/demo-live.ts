/**
 * Keeps demo data current: on each start, and every few minutes while the server runs, the demo
 * history is extended from where it stopped up to now at each source's full cadence (a demo feed
 * that keeps publishing). Only for databases whose data is demo data (meta demo = 1).
 */
import type { Store } from "../db/types.js";
import { AggregateBatch } from "./aggregates.js";
import { bumpDataVersion } from "./data-version.js";
import { DEMO_SEED, hospitalLevels, insertOccupancy, insertRows, type Row } from "./demo-history.js";
import { DEMO_PROFILES, gaussian, rhythm, seededRandom } from "./demo-model.js";
import type { HospitalRecord, Registry } from "./hospital-registry.js";
import { recordRun } from "./ingest.js";

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
  store: Store,
  registry: Registry,
  now = Math.floor(Date.now() / 1000),
): Promise<number> {
  const meta = Object.fromEntries(
    store.all<{ key: string; value: string }>("SELECT key, value FROM meta").map((r) => [r.key, r.value]),
  );
  const from = Number(meta.demo_generated_at);
  if (meta.demo !== "1" || !Number.isFinite(from) || now - from < 60) return 0;
  const added = await store.write((tx) => {
    const batch = new AggregateBatch(now);
    let n = 0;
    const occupancyBySource: Record<string, number> = {};
    const rowsBySource: Record<string, number> = {};
    const runIds: Record<string, number> = {};
    for (const s of registry.sources.keys()) {
      runIds[s] = recordRun(tx, {
        sourceId: s,
        kind: "demo",
        startedAt: now,
        finishedAt: now,
        outcome: "success",
        message: "demo feed update",
        demo: true,
      });
    }
    for (const h of registry.hospitals) {
      const { rows, occ } = extension(h, from, now);
      insertRows(tx, rows, runIds[h.source_id]);
      insertRows(tx, occ, runIds[h.source_id]);
      insertOccupancy(tx, occ, runIds[h.source_id], seededRandom(h.hid + from));
      for (const r of [...rows, ...occ])
        batch.add({ hid: r.hid, metric: r.metric, observedAt: r.t, value: r.value });
      n += rows.length + occ.length;
      occupancyBySource[h.source_id] = (occupancyBySource[h.source_id] ?? 0) + occ.length;
      rowsBySource[h.source_id] = (rowsBySource[h.source_id] ?? 0) + rows.length + occ.length;
    }
    batch.flush(tx);
    for (const [s, id] of Object.entries(runIds)) {
      tx.run("UPDATE ingest_runs SET rows_accepted = ?, occupancy_rows = ? WHERE id = ?", [
        rowsBySource[s] ?? 0,
        occupancyBySource[s] ?? 0,
        id,
      ]);
    }
    tx.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('demo_generated_at', ?)", [String(now)]);
    return n;
  });
  bumpDataVersion(store);
  return added;
}
