/**
 * Quebec stretcher occupancy status. `not_available_yet`: no Quebec ingest has ever run.
 * `no_reporting_data`: ingest ran, but no occupancy came, or no hospital's figures were observed
 * within the freshness window (an ingest today may carry a table extracted days ago: what counts
 * is when the figures were observed, not when they were read). `available`: the newest
 * observation of each hospital observed within the window.
 */

import type { OccupancyStatus } from "../../shared/waittimes/schemas.js";
import type { Registry } from "./hospital-registry.js";
import type { WaittimesRepository } from "./repository.js";
import { mean, round } from "./statistics.js";
import { toIso } from "./time-buckets.js";

/** Three missed hourly extractions and the figures are no longer current. */
export const OCCUPANCY_FRESHNESS_SECONDS = 3 * 3600;

const SETUP =
  "Import a Quebec emergency-room situation table with `waittimes import --source quebec-msss <file>`, or set WAITTIMES_QUEBEC_MSSS_URL so `waittimes poll` fetches it hourly.";

export async function computeOccupancy(
  repo: WaittimesRepository,
  registry: Registry,
  now: number,
): Promise<{ status: OccupancyStatus; data: Record<string, unknown> }> {
  const lastRun = await repo.latestRun("quebec-msss");
  if (!lastRun) {
    return {
      status: "not_available_yet",
      data: {
        province: "QC",
        reason: "Quebec occupancy has never been ingested.",
        setup: SETUP,
        freshness_window_seconds: OCCUPANCY_FRESHNESS_SECONDS,
      },
    };
  }
  const usable = await repo.latestOccupancyRun();
  const base = {
    province: "QC",
    last_ingest_at: toIso(lastRun.finished_at),
    last_ingest_outcome: lastRun.outcome,
    last_usable_ingest_at: usable ? toIso(usable.finished_at) : null,
    freshness_window_seconds: OCCUPANCY_FRESHNESS_SECONDS,
  };
  const rows = usable
    ? await repo.latestOccupancy(registry.hospitals.filter((h) => h.province === "QC").map((h) => h.hid))
    : [];
  const current = rows.filter((r) => now - r.observed_at <= OCCUPANCY_FRESHNESS_SECONDS);
  if (!current.length) {
    return {
      status: "no_reporting_data",
      data: {
        ...base,
        reason: usable
          ? `The newest occupancy figures were observed more than ${OCCUPANCY_FRESHNESS_SECONDS / 3600} hours ago.`
          : "Quebec ingest ran but delivered no usable stretcher occupancy rows.",
      },
    };
  }
  const newest = current.reduce((m, r) => Math.max(m, r.observed_at), 0);
  const pct = current.map((r) => r.occupancy_pct);
  const waiting = current.map((r) => r.patients_waiting).filter((v): v is number => v !== null);
  return {
    status: "available",
    data: {
      ...base,
      demo: usable?.demo === 1,
      hospitals_reporting: current.length,
      average_occupancy_percent: round(mean(pct), 1),
      min_occupancy_percent: round(Math.min(...pct), 1),
      max_occupancy_percent: round(Math.max(...pct), 1),
      patients_waiting: waiting.reduce((a, b) => a + b, 0),
      over_capacity_hospitals: current.filter((r) => r.occupancy_pct > 100).length,
      latest_observation_at: toIso(newest),
      hospitals: current
        .map((r) => {
          const h = registry.byHid.get(r.hid);
          return {
            hospital_id: h?.id ?? null,
            name: h?.name ?? null,
            occupancy_percent: round(r.occupancy_pct, 1),
            stretchers_total: r.stretchers_total,
            stretchers_occupied: r.stretchers_occupied,
            patients_waiting: r.patients_waiting,
            observed_at: toIso(r.observed_at),
          };
        })
        .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    },
  };
}
