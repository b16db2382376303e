// Province benchmarks (GET /api/analytics/benchmarks?province=&period=), read-only: statistics,
// percentiles and quartiles are computed by the server within each methodology group.
import type { BenchmarkPeriod, Benchmarks, Province } from "../../../shared/waittimes/schemas";
import { BENCHMARK_PERIODS } from "../../../shared/waittimes/schemas";
import { apiData } from "../api/client";

export const DEFAULT_BENCHMARK_PERIOD: BenchmarkPeriod = "30d";

export function isBenchmarkPeriod(value: unknown): value is BenchmarkPeriod {
  return typeof value === "string" && (BENCHMARK_PERIODS as readonly string[]).includes(value);
}

export async function fetchBenchmarks(province: Province, period: BenchmarkPeriod): Promise<Benchmarks> {
  return apiData<Benchmarks>(`/api/analytics/benchmarks?${new URLSearchParams({ province, period })}`, {
    check: (body) =>
      body.success === true && Array.isArray(body.data?.groups) && Array.isArray(body.data?.hospitals),
  });
}
