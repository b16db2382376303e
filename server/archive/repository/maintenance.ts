/** Maintenance windows: scheduled, listed while announced or current, ended early by an operator. */
import type { WindowType } from "../maintenance/rules.js";

export interface MaintenanceWindowRow {
  id: number;
  type: WindowType;
  starts_at: string;
  ends_at: string;
  reason: string;
  announced_at: string;
  override: "emergency" | "force" | null;
  override_reason: string | null;
  /** JSON array of the rules the window broke when it was scheduled with an override. */
  rules_broken: string | null;
  ended_at: string | null;
  created_at: string;
}

export type NewMaintenanceWindow = Omit<MaintenanceWindowRow, "id" | "ended_at" | "created_at">;

export interface MaintenanceRepository {
  scheduleMaintenanceWindow(w: NewMaintenanceWindow, now: string): Promise<MaintenanceWindowRow>;
  /** Windows not over at `now` (announced or current), by start. */
  maintenanceWindowsFrom(now: string): Promise<MaintenanceWindowRow[]>;
  /** Ends the windows current at `now`; returns how many. */
  endCurrentMaintenance(now: string): Promise<number>;
}
