/**
 * The bodies the wait-time API answers, as its zod schemas infer them, for tests that read them.
 */
import type { z } from "zod";
import type { HospitalQuality, sourceQuality } from "../../../server/waittimes/data-quality.js";
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

type DataQuality = z.infer<typeof dataQualityResponseSchema>;
/** The schema lets each source's and hospital's figures through as they are: the server's own types name them. */
export type DataQualityBody = Omit<DataQuality, "data"> & {
  data: Omit<DataQuality["data"], "hospital" | "sources"> & {
    hospital?: HospitalQuality;
    sources?: ReturnType<typeof sourceQuality>[];
  };
};

/** The parts of the OpenAPI document the tests read (the tests check each is there). */
export interface OpenApiDoc {
  paths: Record<
    string,
    { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }
  >;
}
