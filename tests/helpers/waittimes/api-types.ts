/**
 * The bodies the wait-time API answers, as its zod schemas infer them, for tests that read them.
 * Where a schema lets extra fields through (`catchall`), the fields the tests read are named here.
 */
import type { z } from "zod";
import type {
  dataQualityResponseSchema,
  occupancyResponseSchema,
} from "../../../server/waittimes/schemas.js";
import type {
  benchmarksSchema,
  Comparison,
  hospitalListSchema,
  trendsSchema,
} from "../../../shared/waittimes/schemas.js";

export type HospitalList = z.infer<typeof hospitalListSchema>;
export type Trends = z.infer<typeof trendsSchema>;
/** Compare answers at the top level, with no `success` envelope (the tests check it is absent). */
export type ComparisonBody = Comparison & { success?: unknown };
export type BenchmarksBody = z.infer<typeof benchmarksSchema>;
export type OccupancyBody = z.infer<typeof occupancyResponseSchema>;

/** One hospital's figures in /api/data-quality?hospital_id=… */
export interface HospitalQuality {
  daily: { expected: number; received: number }[];
  staleness: { stale: boolean };
  received: number;
  expected: number;
  coverage: number | null;
  gaps: { count: number };
  anomalies: { count: number };
}

type DataQuality = z.infer<typeof dataQualityResponseSchema>;
export type DataQualityBody = DataQuality & {
  data: DataQuality["data"] & { hospital?: HospitalQuality };
};

/** The parts of the OpenAPI document the tests read (the tests check each is there). */
export interface OpenApiDoc {
  paths: Record<
    string,
    { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }
  >;
}
