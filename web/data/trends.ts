// A hospital's history (GET /api/hospitals/{id}/trends?period=). Read-only here; loadTrends.ts
// saves each viewed series in Dexie so it can be shown offline with its age.
import type { z } from "zod";
import type { TrendPeriod, trendsSchema } from "../../shared/waittimes/schemas";

export type Trends = z.infer<typeof trendsSchema>["data"];
export const PERIODS: readonly TrendPeriod[] = ["24h", "7d", "30d", "90d", "6m", "1y"];

export function isPeriod(value: unknown): value is TrendPeriod {
  return typeof value === "string" && (PERIODS as readonly string[]).includes(value);
}

export async function fetchTrends(id: string, period: TrendPeriod): Promise<Trends> {
  const res = await fetch(`/api/hospitals/${encodeURIComponent(id)}/trends?period=${period}`, {
    headers: { accept: "application/json" },
  });
  if (res.status === 404) throw new Error("not-found");
  if (!res.ok) throw new Error(`GET trends answered ${res.status}`);
  const body = (await res.json()) as { success?: boolean; data?: Trends };
  if (body.success !== true || !Array.isArray(body.data?.dataPoints))
    throw new Error("trends: unexpected body");
  return body.data;
}
