// Latest reported figure per hospital, from GET /api/analytics/benchmarks?province= (its
// current_value / current_observed_at), saved so an offline reader still sees it with its age.
import type { Province } from "../../shared/waittimes/schemas";
import { database, type LatestWaitRecord } from "./db";

interface BenchmarkBody {
  success?: boolean;
  data?: {
    unit?: string;
    hospitals?: Array<{
      hospital_id: string;
      current_value: number | null;
      current_observed_at: string | null;
    }>;
  };
}

export async function loadSavedLatestWaits(hospitalIds: string[]): Promise<Map<string, LatestWaitRecord>> {
  const rows = await database().latestWaits.bulkGet(hospitalIds);
  return new Map(rows.flatMap((r) => (r ? [[r.hospitalId, r] as const] : [])));
}

export async function refreshLatestWaits(
  province: Province,
  signal?: AbortSignal,
): Promise<Map<string, LatestWaitRecord>> {
  const res = await fetch(`/api/analytics/benchmarks?province=${province}&period=24h`, { signal });
  if (!res.ok) throw new Error(`GET /api/analytics/benchmarks answered ${res.status}`);
  const body = (await res.json()) as BenchmarkBody;
  const list = body.data?.hospitals;
  if (body.success !== true || !Array.isArray(list)) throw new Error("benchmarks: unexpected body");
  const fetchedAt = new Date().toISOString();
  const rows: LatestWaitRecord[] = list.map((h) => ({
    hospitalId: h.hospital_id,
    value: h.current_value,
    unit: body.data?.unit ?? "minutes",
    observedAt: h.current_observed_at,
    fetchedAt,
  }));
  await database().latestWaits.bulkPut(rows);
  return new Map(rows.map((r) => [r.hospitalId, r]));
}
