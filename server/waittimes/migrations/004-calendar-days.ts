/**
 * Days, weeks and months in each province's calendar (shared/waittimes/calendar-zone.ts): the
 * daily, weekly and monthly aggregates were UTC buckets, so an evening reading in Vancouver was
 * counted on the next day. They are rebuilt from the measurements, a hospital at a time, in its
 * source's zone; `down` rebuilds them in UTC. Hourly buckets are the same in either.
 */
import type { Migration, Tx } from "../../db/types.js";
import { AggregateBatch, CALENDAR_GRAINS, calendarZoneOfSource } from "../aggregates.js";

const CHUNK = 500;

export function rebuildCalendarBuckets(tx: Tx, zoneOf: (sourceId: string) => string): void {
  tx.run("DELETE FROM aggregates WHERE grain IN ('d', 'w', 'm')");
  for (const h of tx.all<{ hid: number; source_id: string }>("SELECT hid, source_id FROM hospitals")) {
    const batch = new AggregateBatch(0, zoneOf(h.source_id), CALENDAR_GRAINS);
    const rows = tx.all<{ metric_family: string; observed_at: number; value: number }>(
      "SELECT metric_family, observed_at, value FROM measurements WHERE hid = ?",
      [h.hid],
    );
    for (const r of rows)
      batch.add({ hid: h.hid, metric: r.metric_family, observedAt: r.observed_at, value: r.value });
    const folded = batch.folded();
    for (let i = 0; i < folded.length; i += CHUNK) {
      const chunk = folded.slice(i, i + CHUNK);
      tx.run(
        `INSERT INTO aggregates (hid, metric_family, grain, bucket, n, sum, min, max) VALUES ${chunk.map(() => "(?,?,?,?,?,?,?,?)").join(",")}`,
        chunk.flatMap((a) => [a.hid, a.metric, a.grain, a.bucket, a.n, a.sum, a.min, a.max]),
      );
    }
  }
}

export const calendarDaysMigration: Migration = {
  version: 4,
  name: "daily, weekly and monthly aggregates in each province's calendar",
  up: (tx) => rebuildCalendarBuckets(tx, calendarZoneOfSource),
  down: (tx) => rebuildCalendarBuckets(tx, () => "UTC"),
};
