// A hospital's history (GET /api/hospitals/{id}/trends?period=). Read-only here; loadTrends.ts
// saves each viewed series in Dexie so it can be shown offline with its age.
import type { z } from "zod";
import type { TrendPeriod, trendsSchema } from "../../../shared/waittimes/schemas";
import { apiAnswer, servedAt } from "../api/client";

export type Trends = z.infer<typeof trendsSchema>["data"];
export const PERIODS: readonly TrendPeriod[] = ["24h", "7d", "30d", "90d", "6m", "1y"];

export function isPeriod(value: unknown): value is TrendPeriod {
  return typeof value === "string" && (PERIODS as readonly string[]).includes(value);
}

/**
 * The series and when the server gave it (its Date header, never later than now): on a poor
 * connection the service worker may hand back a copy it cached days ago, which must not pass for
 * a fresh one, nor be saved as fetched now.
 */
export async function fetchTrends(
  id: string,
  period: TrendPeriod,
): Promise<{ trends: Trends; servedAt: string }> {
  const { body, headers } = await apiAnswer<{ success: boolean; data: Trends }>(
    `/api/hospitals/${encodeURIComponent(id)}/trends?period=${period}`,
    { check: (answer) => answer.success === true && Array.isArray(answer.data?.dataPoints) },
  );
  return { trends: body.data, servedAt: servedAt(headers) };
}
