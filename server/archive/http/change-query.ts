/**
 * What /api/changes and /api/changes.atom share: their query parameters, turning them into the
 * repository's filters (a page's URL and a search's pages become URL groups, a significance
 * parameter becomes the levels kept), and one stored change as the API shows it.
 */
import { z } from "@hono/zod-openapi";
import {
  type ArchiveChange,
  CHANGE_TYPES,
  SIGNIFICANCE_LEVELS,
  type Significance,
  type SignificanceFacts,
} from "../../../shared/archive/changes.js";
import { normalizeUrlGroup } from "../../../shared/archive/normalize-url.js";
import { MAX_PAGE_SIZE, MAX_QUERY_LENGTH } from "../../../shared/archive/query-rules.js";
import { type Lang, langQuery } from "../../core/http/response-lang.js";
import { changeSummary } from "../changes/change-summary.js";
import { levelsFrom, significanceReason } from "../changes/significance.js";
import type { ArchiveRepository, ChangeFilters, ChangeRow } from "../repository.js";
import { captureFilterParams, flagWithDefault, pageParams } from "../schemas.js";

const LEVEL = SIGNIFICANCE_LEVELS.join("|");

export const significanceParam = z
  .string()
  .regex(
    new RegExp(`^(${LEVEL})(,(${LEVEL}))*$`),
    "must be one level (noise, minor, moderate or major: that level and every level above it) or a comma-separated list of levels (exactly those)",
  )
  .openapi({
    description:
      "One level keeps that level and every level above it (noise < minor < moderate < major); a comma-separated list keeps exactly those levels. Given, it replaces includeNoise.",
    example: "moderate",
  });

export const changeQueryParams = {
  ...captureFilterParams,
  type: z.enum(CHANGE_TYPES).optional(),
  includeNoise: flagWithDefault(false),
  url: z
    .string()
    .max(2000, "must be at most 2000 characters")
    .refine((u) => normalizeUrlGroup(u) !== null, "must be an absolute http(s) URL")
    .optional()
    .openapi({ description: "Only the changes of this page (its other spellings of the same address too)." }),
  q: z
    .string()
    .min(1, "must not be empty")
    .max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`)
    .optional()
    .openapi({
      description: `A saved search: only the changes of the ${MAX_PAGE_SIZE} pages that rank highest for this query (the query language of /api/search).`,
    }),
  ...pageParams,
  lang: langQuery("Language of each change's summary and reason: en or fr."),
};

export interface ChangeQuery {
  source?: string;
  tz?: string;
  from?: string;
  to?: string;
  type?: (typeof CHANGE_TYPES)[number];
  includeNoise: boolean;
  url?: string;
  q?: string;
  significance?: string;
  page: number;
  pageSize: number;
}

/** The levels a significance parameter keeps (validated by significanceParam). */
export function levelsOf(param: string): Significance[] {
  if (!param.includes(",")) return levelsFrom(param as Significance, SIGNIFICANCE_LEVELS);
  return [...new Set(param.split(",") as Significance[])];
}

export async function changeFiltersOf(db: ArchiveRepository, q: ChangeQuery): Promise<ChangeFilters> {
  let groups: string[] | undefined;
  if (q.url) groups = [normalizeUrlGroup(q.url) ?? q.url];
  if (q.q) {
    const found = await db.searchSnapshots({
      q: q.q,
      source: q.source,
      view: "pages",
      sort: "relevance",
      page: 1,
      pageSize: MAX_PAGE_SIZE,
      includeNon2xx: false,
      includeDuplicates: false,
    });
    const hits = found.hits.map((h) => h.group);
    groups = groups ? groups.filter((g) => hits.includes(g)) : hits;
  }
  return {
    source: q.source,
    from: q.from,
    to: q.to,
    tz: q.tz,
    type: q.type,
    includeNoise: q.includeNoise,
    significance: q.significance ? levelsOf(q.significance) : undefined,
    groups,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export function changeOf(r: ChangeRow, lang: Lang): ArchiveChange {
  const changedSections = r.changed_sections ? JSON.parse(r.changed_sections) : [];
  const facts: SignificanceFacts | null = r.significance_facts ? JSON.parse(r.significance_facts) : null;
  return {
    id: r.id,
    type: r.change_type,
    url: r.url,
    title: r.title,
    pageLanguage: r.page_language,
    sourceCode: r.source_code,
    jobId: r.job_id,
    capturedAt: r.captured_at,
    summary: changeSummary(
      {
        type: r.change_type,
        addedLines: r.added_lines,
        removedLines: r.removed_lines,
        changedSections,
        highNoise: r.high_noise === 1,
      },
      lang,
    ),
    addedLines: r.added_lines,
    removedLines: r.removed_lines,
    changedSections,
    changeRatio: r.change_ratio,
    highNoise: r.high_noise === 1,
    significance: r.significance,
    significanceFacts: facts,
    significanceReason: significanceReason(
      { type: r.change_type, level: r.significance, facts, changeRatio: r.change_ratio },
      lang,
    ),
    snapshotId: r.snapshot_id,
    previousSnapshotId: r.previous_snapshot_id,
    compareUrl:
      r.snapshot_id && r.previous_snapshot_id
        ? `/api/changes/compare?from=${r.previous_snapshot_id}&to=${r.snapshot_id}`
        : null,
  };
}
