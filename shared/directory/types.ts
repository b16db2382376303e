/** Types of the directory records, inferred from the zod schemas so both stay in step. */
import type { z } from "zod";
import type {
  CATEGORIES,
  DAYS,
  locationSchema,
  phoneSchema,
  scheduleSchema,
  searchRequestSchema,
  serviceSchema,
  tombstoneSchema,
} from "./schemas.js";

export type Category = (typeof CATEGORIES)[number];
export type Day = (typeof DAYS)[number];
export type Phone = z.infer<typeof phoneSchema>;
export type ServiceLocation = z.infer<typeof locationSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type DirectoryService = z.infer<typeof serviceSchema>;
export type Tombstone = z.infer<typeof tombstoneSchema>;
export type SearchRequest = z.infer<typeof searchRequestSchema>;
export type Locale = "en" | "fr";

export interface RankOptions {
  locale?: Locale;
  category?: Category;
  openNow?: boolean;
  location?: { lat: number; lng: number };
  radiusKm?: number;
  /** Reference time for open-now and freshness; defaults to the current time. */
  now?: Date;
  /** Return only the best `limit` results (faster on large lists); `total` still counts every match. */
  limit?: number;
}

/** Why a result is in the list: a real match, or a fallback suggestion when nothing matched. */
export type RankMode = "match" | "crisis" | "suggestions";

export interface RankedService {
  service: DirectoryService;
  score: number;
  distanceKm: number | null;
  openNow: boolean | null;
  suggestion: boolean;
}

/** A ranked service by its position in the ranking's index (search-index.ts). */
export interface RankedPosition {
  position: number;
  score: number;
  distanceKm: number | null;
  openNow: boolean | null;
  suggestion: boolean;
}

/** The ranking over an index: as RankResult, with positions in place of the service records. */
export interface IndexRankResult {
  mode: RankMode;
  results: RankedPosition[];
  total: number;
  categories: Category[];
}

export interface RankResult {
  mode: RankMode;
  results: RankedService[];
  /** Every match (or suggestion), even when `limit` cut the list. */
  total: number;
  /** Categories the query's wording pointed to (needs vocabulary), best first. */
  categories: Category[];
}
