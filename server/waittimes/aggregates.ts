/**
 * Keeps the aggregates table in step with accepted measurements: the batch is folded in memory
 * per (hospital, metric, grain, bucket), then each bucket is upserted once. Hourly buckets older
 * than the retention window are skipped (nothing reads them).
 */
import type { Tx } from "../db/types.js";
import { bucketStart, GRAINS, type Grain, HOURLY_RETENTION_SECONDS } from "./time-buckets.js";

export interface AcceptedRow {
  hid: number;
  metric: string;
  observedAt: number; // epoch seconds
  value: number;
}

interface Acc {
  hid: number;
  metric: string;
  grain: Grain;
  bucket: number;
  n: number;
  sum: number;
  min: number;
  max: number;
}

const GRAIN_INDEX: Record<Grain, number> = { h: 0, d: 1, w: 2, m: 3 };

export class AggregateBatch {
  /** series "hid|metric" → (bucket * 4 + grain index) → accumulator; numeric inner keys keep this fast. */
  private readonly buckets = new Map<string, Map<number, Acc>>();
  private readonly newest = new Map<
    string,
    { hid: number; metric: string; observedAt: number; value: number }
  >();
  constructor(private readonly now: number) {}

  add(row: AcceptedRow) {
    const lk = `${row.hid}|${row.metric}`;
    let series = this.buckets.get(lk);
    if (!series) {
      series = new Map();
      this.buckets.set(lk, series);
    }
    for (const grain of GRAINS) {
      if (grain === "h" && row.observedAt < this.now - HOURLY_RETENTION_SECONDS) continue;
      const bucket = bucketStart(row.observedAt, grain);
      const key = bucket * 4 + GRAIN_INDEX[grain];
      const acc = series.get(key);
      if (acc) {
        acc.n++;
        acc.sum += row.value;
        if (row.value < acc.min) acc.min = row.value;
        if (row.value > acc.max) acc.max = row.value;
      } else {
        series.set(key, {
          hid: row.hid,
          metric: row.metric,
          grain,
          bucket,
          n: 1,
          sum: row.value,
          min: row.value,
          max: row.value,
        });
      }
    }
    const cur = this.newest.get(lk);
    if (!cur || row.observedAt > cur.observedAt) this.newest.set(lk, { ...row });
  }

  /** Upserts every folded bucket and the newest value per series, in chunks of multi-row statements. */
  flush(tx: Tx) {
    const accs = [...this.buckets.values()].flatMap((series) => [...series.values()]);
    for (let i = 0; i < accs.length; i += 300) {
      const chunk = accs.slice(i, i + 300);
      tx.run(
        `INSERT INTO aggregates (hid, metric_family, grain, bucket, n, sum, min, max) VALUES ${chunk.map(() => "(?,?,?,?,?,?,?,?)").join(",")}
         ON CONFLICT (hid, metric_family, grain, bucket) DO UPDATE SET n = n + excluded.n, sum = sum + excluded.sum,
           min = MIN(min, excluded.min), max = MAX(max, excluded.max)`,
        chunk.flatMap((a) => [a.hid, a.metric, a.grain, a.bucket, a.n, a.sum, a.min, a.max]),
      );
    }
    // Hourly buckets past the retention window are pruned for the series this batch touched.
    for (const l of this.newest.values()) {
      tx.run("DELETE FROM aggregates WHERE hid = ? AND metric_family = ? AND grain = 'h' AND bucket < ?", [
        l.hid,
        l.metric,
        this.now - HOURLY_RETENTION_SECONDS,
      ]);
    }
    const latest = [...this.newest.values()];
    for (let i = 0; i < latest.length; i += 300) {
      const chunk = latest.slice(i, i + 300);
      tx.run(
        `INSERT INTO latest (hid, metric_family, observed_at, value) VALUES ${chunk.map(() => "(?,?,?,?)").join(",")}
         ON CONFLICT (hid, metric_family) DO UPDATE SET observed_at = excluded.observed_at, value = excluded.value
         WHERE excluded.observed_at > latest.observed_at`,
        chunk.flatMap((l) => [l.hid, l.metric, l.observedAt, l.value]),
      );
    }
    this.buckets.clear();
    this.newest.clear();
  }
}
