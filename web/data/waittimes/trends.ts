// A hospital's history (GET /api/hospitals/{id}/trends?period=). Read-only here; loadTrends.ts
// saves each viewed series in Dexie so it can be shown offline with its age.
import type { z } from "zod";
import type { TrendPeriod, trendsSchema } from "../../../shared/waittimes/schemas";
import { apiData } from "../api/client";

export type Trends = z.infer<typeof trendsSchema>["data"];
export const PERIODS: readonly TrendPeriod[] = ["24h", "7d", "30d", "90d", "6m", "1y"];

export function isPeriod(value: unknown): value is TrendPeriod {
  return typeof value === "string" && (PERIODS as readonly string[]).includes(value);
}

export async function fetchTrends(id: string, period: TrendPeriod): Promise<Trends> {
  return apiData<Trends>(`/api/hospitals/${encodeURIComponent(id)}/trends?period=${period}`, {
    check: (body) => body.success === true && Array.isArray(body.data?.dataPoints),
  });
}
