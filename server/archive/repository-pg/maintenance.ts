/** Maintenance windows on PostgreSQL, as ../repository-sqljs/maintenance.ts (the same statements). */
import type { MaintenanceRepository, MaintenanceWindowRow } from "../repository/maintenance.js";
import { MAINTENANCE_SQL } from "../repository-sqljs/maintenance.js";
import { all, one, type Queryable, run, type Write } from "./rows.js";

/** bigint ids come back as strings from pg: the row crosses the interface as on sql.js. */
const out = (r: MaintenanceWindowRow) => ({ ...r, id: Number(r.id) });

export function pgMaintenance(pool: Queryable, write: Write): MaintenanceRepository {
  return {
    scheduleMaintenanceWindow: (w, now) =>
      write(async (client) => {
        const row = await one<MaintenanceWindowRow>(client, `${MAINTENANCE_SQL.insert} RETURNING *`, [
          w.type,
          w.starts_at,
          w.ends_at,
          w.reason,
          w.announced_at,
          w.override,
          w.override_reason,
          w.rules_broken,
          now,
        ]);
        return out(row!);
      }),
    maintenanceWindowsFrom: async (now) =>
      (await all<MaintenanceWindowRow>(pool, MAINTENANCE_SQL.from, [now])).map(out),
    endCurrentMaintenance: (now) =>
      write((client) => run(client, MAINTENANCE_SQL.endCurrent, [now, now, now])),
  };
}
