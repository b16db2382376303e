/** GET /api/search: parameters, modes and response of the archive search (see search/search.ts). */
import { createRoute, z } from "@hono/zod-openapi";
import { MAX_QUERY_LENGTH } from "../../../shared/archive/query-rules.js";
import { langQuery, responseLang } from "../../core/http/response-lang.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { errorResponseDoc } from "../../core/openapi.js";
import { sourceName } from "../crawl/sources-store.js";
import type { ArchiveMetrics } from "../monitoring/metrics.js";
import type { UsageCounter } from "../monitoring/usage.js";
import { replayPath } from "../replay/replay-rewrite.js";
import { repositoryOf } from "../repository-of.js";
import {
  captureFilterParams,
  checkDateOrder,
  flagWithDefault,
  languageParam,
  pageParams,
} from "../schemas.js";
import { highlight } from "../search/highlight.js";

export const searchQuery = z.object({
  q: z.string().max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`).default(""),
  ...captureFilterParams,
  language: languageParam.optional(),
  view: z.enum(["pages", "snapshots"]).default("pages"),
  sort: z.enum(["relevance", "newest"]).default("relevance"),
  ...pageParams,
  includeNon2xx: flagWithDefault(false),
  includeDuplicates: flagWithDefault(false),
  lang: langQuery("Language of the source names: en or fr (language filters the pages)."),
});

const resultSchema = z
  .object({
    id: z.number().int(),
    title: z.string().nullable(),
    sourceCode: z.string().nullable(),
    sourceName: z.string().nullable(),
    language: z.string().nullable(),
    captureTimestamp: z.string(),
    jobId: z.number().int().nullable(),
    originalUrl: z.string(),
    snippet: z.string().openapi({ description: "HTML-escaped text with matched terms in <mark>" }),
    pageSnapshotsCount: z.number().int(),
    replayUrl: z.string().nullable(),
    mimeType: z.string().nullable().openapi({
      description: "The capture's media type: text/html for a page, application/pdf for a PDF document",
    }),
    reachedFrom: z.string().nullable().openapi({
      description:
        "A search by address that found this page through a captured redirect: the address that redirected to it",
    }),
  })
  .openapi("ArchiveSearchResult");

const route = createRoute({
  method: "get",
  path: "/api/search",
  summary:
    "Search archived pages (modes: relevance_fts, relevance_fallback, relevance_fuzzy, boolean, url, newest)",
  tags: ["archive"],
  request: { query: searchQuery },
  responses: {
    200: {
      description: "One page of results",
      content: {
        "application/json": {
          schema: z.object({
            results: z.array(resultSchema),
            total: z.number().int(),
            totalEstimated: z.boolean().openapi({
              description:
                "true when `total` is an estimate (two significant digits): on PostgreSQL, a search expected to find more than 20,000 is not counted",
            }),
            page: z.number().int(),
            pageSize: z.number().int(),
            mode: z.string(),
          }),
        },
      },
    },
    400: errorResponseDoc("A parameter is invalid (the message names it)"),
  },
});

export function mountSearchRoute(
  app: AppRouter,
  ctx: ModuleContext,
  deps: { replayUrl: () => string | null; metrics: ArchiveMetrics; usage: UsageCounter },
) {
  const db = repositoryOf(ctx);
  app.openapi(route, async (c) => {
    const p = c.req.valid("query");
    checkDateOrder(p);
    const lang = responseLang(c, p.lang);
    const t0 = performance.now();
    try {
      const out = await db.searchSnapshots(p);
      const ids = out.hits.map((h) => h.id);
      const rows = new Map((await db.snapshotCards(ids)).map((r) => [r.id, r]));
      const replay = deps.replayUrl();
      const results = out.hits.map((h) => {
        const r = rows.get(h.id)!;
        return {
          id: r.id,
          title: r.title,
          sourceCode: r.code,
          sourceName: r.name === null ? null : sourceName({ name: r.name, name_fr: r.name_fr }, lang),
          language: r.language,
          captureTimestamp: r.ts,
          jobId: r.job_id,
          originalUrl: r.url,
          snippet: highlight(r.snippet ?? "", out.marks.terms, out.marks.prefix),
          pageSnapshotsCount: h.pageSnapshotsCount,
          replayUrl:
            replay && r.job_id
              ? `${replay}${replayPath(r.job_id, r.url)}${r.url.includes("?") ? "&" : "?"}ts=${r.ts.replace(/[-:T]|\.\d+Z$|Z$/g, "").slice(0, 14)}`
              : null,
          mimeType: r.mime_type,
          reachedFrom: h.reachedFrom ?? null,
        };
      });
      deps.metrics.observeSearch(out.mode, (performance.now() - t0) / 1000, false);
      deps.usage.count("searches");
      return c.json(
        {
          results,
          total: out.total,
          totalEstimated: out.totalEstimated ?? false,
          page: p.page,
          pageSize: p.pageSize,
          mode: out.mode,
        },
        200,
      );
    } catch (err) {
      deps.metrics.observeSearch(null, (performance.now() - t0) / 1000, true);
      throw err;
    }
  });
}
