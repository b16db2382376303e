// Quebec stretcher occupancy (GET /api/analytics/occupancy?province=QC): a status saying whether
// current figures exist, and the figures when they do. Read-only, never stored.

import { OCCUPANCY_STATUSES, type OccupancyStatus } from "../../../shared/waittimes/schemas";
import { apiRequest } from "../api/client";

export interface OccupancyHospital {
  hospital_id: string | null;
  name: string | null;
  occupancy_percent: number;
  stretchers_total: number | null;
  stretchers_occupied: number | null;
  patients_waiting: number | null;
  observed_at: string;
}

export interface Occupancy {
  status: OccupancyStatus;
  data: {
    freshness_window_seconds: number;
    last_ingest_at?: string;
    demo?: boolean;
    hospitals_reporting?: number;
    average_occupancy_percent?: number | null;
    min_occupancy_percent?: number | null;
    max_occupancy_percent?: number | null;
    patients_waiting?: number;
    over_capacity_hospitals?: number;
    latest_observation_at?: string;
    hospitals?: OccupancyHospital[];
  };
}

export async function fetchOccupancy(): Promise<Occupancy> {
  return apiRequest<Occupancy>("/api/analytics/occupancy?province=QC", {
    check: (body) => (OCCUPANCY_STATUSES as readonly string[]).includes(body.status) && Boolean(body.data),
  });
}
