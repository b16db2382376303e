/**
 * HTTP schemas of the directory API (/api/v1). Record shapes come from shared/directory so the
 * web app validates exactly what the server sends.
 */
import { z } from "@hono/zod-openapi";
import {
  CATEGORIES,
  searchRequestSchema,
  serviceSchema,
  tombstoneSchema,
} from "../../shared/directory/index.js";
import { ErrorEnvelopeSchema } from "../core/openapi.js";

// Shared schemas are built with plain zod (they also run in the browser), so they are named with
// zod's own .meta() rather than .openapi(), which only exists once @hono/zod-openapi has loaded.
export const ServiceSchema = serviceSchema.meta({ id: "DirectoryService" });
export const TombstoneSchema = tombstoneSchema.meta({ id: "ServiceTombstone" });
export const SearchRequestSchema = searchRequestSchema.meta({ id: "SearchRequest" });
export const FilteredOutSchema = tombstoneSchema.extend({ filteredOut: z.literal(true) }).meta({
  id: "ServiceFilteredOut",
  description:
    "In a sync (changed_after or updated_since) filtered by category: a record that changed after the " +
    "cursor and is not in that category now. It is shaped as a tombstone so that a copy of the category " +
    "drops the id; the record itself may still exist (GET /api/v1/services/{id}). A copy that does not " +
    "hold the id has nothing to do: the server keeps no past categories, so it sends this for every " +
    "changed record outside the category, whether or not the record was ever in it.",
});

export const ServiceIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "id", in: "path" }, example: "crisis-988" }),
});

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const ListQuery = z.object({
  limit: int(1, 500).optional().openapi({ description: "Page size, 1–500 (default 20)." }),
  offset: int(0, 1_000_000).optional().openapi({ description: "Items to skip (default 0)." }),
  page: int(1, 100_000).optional().openapi({ description: "1-based page number; an alternative to offset." }),
  category: z
    .enum(CATEGORIES)
    .optional()
    .openapi({
      description:
        "Only services of this category. In a sync (changed_after or updated_since) every changed record " +
        "still comes: those outside the category as filtered-out tombstones (ServiceFilteredOut), " +
        "deleted ones as tombstones, so a copy of the category learns of a record that left it.",
    }),
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      description:
        "Ranked search over the listing. Not with updated_since or changed_after, which list changes, not " +
        "matches: 400 naming q.",
    }),
  updated_since: z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({
      description:
        "ISO 8601 time: only records changed at or after it, deleted ones as tombstones, oldest first; " +
        "with category, changed records outside it as filtered-out tombstones (ServiceFilteredOut). " +
        "Not with q (a 400 naming it). Pages by offset, so a record edited while a client pages can shift " +
        "another past it: sync with changed_after instead.",
    }),
  changed_after: int(0, Number.MAX_SAFE_INTEGER)
    .optional()
    .openapi({
      description:
        "Offline sync: only records whose last change came after this change number (0 for everything), " +
        "deleted ones as tombstones, in change order. With category, a changed record outside it comes " +
        "as a tombstone marked filteredOut (ServiceFilteredOut), so a copy of one category drops a record " +
        "that left it. Pages by itself (not with page, offset, q or " +
        "updated_since): pass meta.nextCursor as the next changed_after, and after the last page keep " +
        "meta.lastChange for the next sync. Answered with Cache-Control: no-store.",
    }),
});

export const ListMeta = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  nextCursor: z.string().nullable().openapi({
    description:
      "Where the next page starts: its offset, or with changed_after the change number to pass next; null on the last page.",
  }),
  serverTime: z.string().openapi({
    description: "Time of the newest change held; use it as the next updated_since once every page is read.",
  }),
  lastChange: z.number().int().openapi({
    description:
      "Change number of the newest change held; after the last page of a changed_after sync, the next sync's changed_after.",
  }),
});

export const ListResponse = z
  .object({ data: z.array(z.union([ServiceSchema, TombstoneSchema, FilteredOutSchema])), meta: ListMeta })
  .openapi("ServiceList");
export const ServiceResponse = z.object({ data: ServiceSchema }).openapi("ServiceResponse");

export const SearchResult = ServiceSchema.extend({
  score: z.number(),
  distanceKm: z.number().nullable().optional(),
  openNow: z.boolean().nullable(),
  suggestion: z.boolean(),
}).meta({ id: "SearchResult" });

export const SearchResponse = z
  .object({
    data: z.array(SearchResult),
    meta: z.object({
      total: z.number().int(),
      limit: z.number().int(),
      offset: z.number().int(),
      requestId: z.string(),
      timestamp: z.string(),
      mode: z.enum(["match", "crisis", "suggestions"]),
      categories: z.array(z.enum(CATEGORIES)),
    }),
  })
  .openapi("SearchResponse");

export const HealthResponse = z
  .object({
    status: z.enum(["healthy", "degraded", "unhealthy"]),
    timestamp: z.string(),
    version: z.string(),
    checks: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("DirectoryHealth");

/** The error envelope all three APIs share. */
export const ErrorSchema = ErrorEnvelopeSchema;
