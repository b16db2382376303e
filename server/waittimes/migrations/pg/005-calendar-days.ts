/**
 * The sql.js revision 4 (../004-calendar-days.ts explains it) on PostgreSQL, numbered 5: the daily,
 * weekly and monthly aggregates rebuilt from the measurements in each province's calendar; `down`
 * rebuilds them in UTC.
 */
import type pg from "pg";
import type { PgMigration } from "../../../db/pg/migrations.js";
import { AggregateBatch, CALENDAR_GRAINS, calendarZoneOfSource } from "../../aggregates.js";

const CHUNK = 500;

async function rebuild(client: pg.PoolClient, zoneOf: (sourceId: string) => string): Promise<void> {
  await client.query("DELETE FROM aggregates WHERE grain IN ('d', 'w', 'm')");
  const hospitals = await client.query<{ hid: number; source_id: string }>(
    "SELECT hid, source_id FROM hospitals",
  );
  for (const h of hospitals.rows) {
    const batch = new AggregateBatch(0, zoneOf(h.source_id), CALENDAR_GRAINS);
    const rows = await client.query<{ metric_family: string; observed_at: string; value: number }>(
      "SELECT metric_family, observed_at, value FROM measurements WHERE hid = $1",
      [h.hid],
    );
    for (const r of rows.rows)
      batch.add({ hid: h.hid, metric: r.metric_family, observedAt: Number(r.observed_at), value: r.value });
    const folded = batch.folded();
    for (let i = 0; i < folded.length; i += CHUNK) {
      const chunk = folded.slice(i, i + CHUNK);
      const values = chunk.map(
        (_, k) => `(${Array.from({ length: 8 }, (_, j) => `$${k * 8 + j + 1}`).join(",")})`,
      );
      await client.query(
        `INSERT INTO aggregates (hid, metric_family, grain, bucket, n, sum, min, max) VALUES ${values.join(",")}`,
        chunk.flatMap((a) => [a.hid, a.metric, a.grain, a.bucket, a.n, a.sum, a.min, a.max]),
      );
    }
  }
}

export const pgCalendarDaysMigration: PgMigration = {
  version: 5,
  name: "daily, weekly and monthly aggregates in each province's calendar",
  up: (client) => rebuild(client, calendarZoneOfSource),
  down: (client) => rebuild(client, () => "UTC"),
};
