/**
 * Query parameters of the HSDS read API. A bad value is a 400 in the error envelope naming the
 * parameter and what it accepts (the app's validation hook words it); unknown parameters are
 * ignored, as the HSDS API reference leaves them.
 */
import { z } from "@hono/zod-openapi";
import { LANGS } from "./lang.js";
import { POSTCODE_PATTERN } from "./regions.js";

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 200;
/** minimal=true lists two short fields per service, so a client can take everything in one page. */
export const MAX_PER_PAGE_MINIMAL = 10_000;
export const MAX_PROXIMITY_METRES = 1_000_000;

const flag = (description: string) =>
  z
    .enum(["true", "false"], { error: 'use "true" or "false"' })
    .transform((v) => v === "true")
    .optional()
    .openapi({ description });

// Zod's ISO checks know the calendar: Date.parse alone reads "2026-02-30" as 2 March.
const isDateTime = (v: string) =>
  (z.iso.date().safeParse(v).success || z.iso.datetime({ offset: true }).safeParse(v).success) &&
  !Number.isNaN(Date.parse(v));

export const pagingQuery = {
  page: z
    .string()
    .regex(/^[1-9]\d{0,6}$/, "a whole number from 1")
    .transform(Number)
    .optional()
    .openapi({ description: "Page number, from 1 (default 1). A page past the last one is empty." }),
  per_page: z
    .string()
    .regex(/^[1-9]\d{0,6}$/, "a whole number from 1")
    .transform(Number)
    .optional()
    .openapi({
      description: `Items per page (default ${DEFAULT_PER_PAGE}). Larger values are capped at ${MAX_PER_PAGE} (${MAX_PER_PAGE_MINIMAL} with minimal=true); \`size\` says how many came.`,
    }),
  lang: z.enum(LANGS).optional().openapi({
    description:
      "Language of the text we hold in English and French (names, descriptions, application process, schedule notes, taxonomy terms). Without it, the Accept-Language header decides; English otherwise.",
  }),
  format: z.enum(["json", "ndjson"]).optional().openapi({
    description:
      "json (default): one page in the Page envelope. ndjson: every matching item, unpaged, streamed as one JSON object per line (application/x-ndjson); page and per_page are ignored.",
  }),
};

const text = (description: string) =>
  z
    .string()
    .max(200, "at most 200 characters")
    .transform((v) => v.trim() || undefined)
    .optional()
    .openapi({ description });

export const searchParam = text(
  "Full-text search in English or French, ranked by the same code as /api/v1 search; best match first.",
);

export const serviceFilters = {
  search: searchParam,
  taxonomy_term_id: text("Only services carrying this taxonomy term (its id)."),
  taxonomy_id: text("Only services carrying a term of this taxonomy (its id)."),
  organization_id: text("Only services of this organization (its id, or its x_directory_id)."),
  modified_after: z
    .string()
    .refine(isDateTime, "an ISO 8601 date (2026-01-31) or date-time with offset (2026-01-31T09:00:00Z)")
    .transform((v) => Date.parse(v))
    .optional()
    .openapi({
      description: "Only records changed at or after this time (a date alone means midnight UTC).",
    }),
};

export const linkFilters = {
  ...serviceFilters,
  postcode: z
    .string()
    .regex(POSTCODE_PATTERN, "a Canadian postal code (K7L 1G5) or its first three characters (K7L)")
    .optional()
    .openapi({
      description:
        "A Canadian postal code. Alone: only services covering it (national ones; provincial ones in its province; local ones with a site in the same forward sortation area, its first three characters). With proximity: only sites within that distance of the postcode's centre.",
    }),
  proximity: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "a distance in metres")
    .transform(Number)
    .refine((n) => n > 0 && n <= MAX_PROXIMITY_METRES, `from 1 to ${MAX_PROXIMITY_METRES} metres`)
    .optional()
    .openapi({
      description:
        "Distance in metres from the postcode's centre (requires postcode); nearest first when there is no search.",
    }),
};

export const fullFlag = flag;
