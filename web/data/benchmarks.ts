// Province benchmarks (GET /api/analytics/benchmarks?province=&period=), read-only: statistics,
// percentiles and quartiles are computed by the server within each methodology group.
import type { BenchmarkPeriod, Benchmarks, Province } from "../../shared/waittimes/schemas";
import { BENCHMARK_PERIODS } from "../../shared/waittimes/schemas";

export const DEFAULT_BENCHMARK_PERIOD: BenchmarkPeriod = "30d";

export function isBenchmarkPeriod(value: unknown): value is BenchmarkPeriod {
  return typeof value === "string" && (BENCHMARK_PERIODS as readonly string[]).includes(value);
}

export async function fetchBenchmarks(province: Province, period: BenchmarkPeriod): Promise<Benchmarks> {
  const res = await fetch(`/api/analytics/benchmarks?${new URLSearchParams({ province, period })}`, {
    headers: { accept: "application/json" },
  });
  if (!res.ok) throw new Error(`GET /api/analytics/benchmarks answered ${res.status}`);
  const body = (await res.json()) as { success?: boolean; data?: Benchmarks };
  if (body.success !== true || !Array.isArray(body.data?.groups) || !Array.isArray(body.data?.hospitals))
    throw new Error("benchmarks: unexpected body");
  return body.data;
}
