/** Maintenance windows on sql.js (SQL shared with PostgreSQL in ../repository-pg/maintenance.ts). */
import type { Store } from "../../db/types.js";
import type { MaintenanceRepository, MaintenanceWindowRow } from "../repository/maintenance.js";

export const MAINTENANCE_SQL = {
  insert: `INSERT INTO maintenance_windows (type, starts_at, ends_at, reason, announced_at, override, override_reason, rules_broken, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  byId: "SELECT * FROM maintenance_windows WHERE id = ?",
  from: "SELECT * FROM maintenance_windows WHERE COALESCE(ended_at, ends_at) > ? ORDER BY starts_at, id",
  endCurrent:
    "UPDATE maintenance_windows SET ended_at = ? WHERE starts_at <= ? AND COALESCE(ended_at, ends_at) > ?",
};

export function sqljsMaintenance(store: Store): MaintenanceRepository {
  return {
    scheduleMaintenanceWindow: (w, now) =>
      store.write((tx) => {
        const { lastInsertRowid } = tx.run(MAINTENANCE_SQL.insert, [
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
        return tx.get<MaintenanceWindowRow>(MAINTENANCE_SQL.byId, [lastInsertRowid])!;
      }),
    maintenanceWindowsFrom: async (now) => store.all<MaintenanceWindowRow>(MAINTENANCE_SQL.from, [now]),
    endCurrentMaintenance: (now) =>
      store.write((tx) => tx.run(MAINTENANCE_SQL.endCurrent, [now, now, now]).changes),
  };
}
