/** GET /api/changes (the precomputed change feed) and GET /api/changes/compare (HTML diff of two captures). */
import { createRoute, z } from "@hono/zod-openapi";
import { type ArchiveChange, CHANGE_TYPES, type CompareResult } from "../../../shared/archive/changes.js";
import { notFound, validationError } from "../../core/errors.js";
import { langQuery, responseLang } from "../../core/http/response-lang.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { errorResponseDoc } from "../../core/openapi.js";
import { changeSummary } from "../changes/change-summary.js";
import { pageTextOf } from "../changes/compute-changes.js";
import { diffHtml, diffPages } from "../changes/page-diff.js";
import { repositoryOf } from "../repository-of.js";
import { captureFilterParams, checkDateOrder, flagWithDefault, pageParams } from "../schemas.js";

const id = z.string().regex(/^[1-9]\d{0,15}$/, "must be a positive integer snapshot id");

const feedRoute = createRoute({
  method: "get",
  path: "/api/changes",
  summary: "Change feed: new, updated and removed pages between crawls, newest first",
  description:
    "Each change carries a one-line summary in the language asked for, and pageLanguage: the language of the page itself (its title and section names are the page's own words).",
  tags: ["archive"],
  request: {
    query: z.object({
      ...captureFilterParams,
      type: z.enum(CHANGE_TYPES).optional(),
      includeNoise: flagWithDefault(false),
      ...pageParams,
      lang: langQuery("Language of each change's summary: en or fr."),
    }),
  },
  responses: {
    200: {
      description: "One page of changes",
      content: {
        "application/json": { schema: z.record(z.string(), z.unknown()).openapi("ArchiveChanges") },
      },
    },
    400: errorResponseDoc("Bad parameter"),
  },
});

const compareRoute = createRoute({
  method: "get",
  path: "/api/changes/compare",
  summary: "Line diff of two captures of the same page, as escaped HTML (<ins>, <del>, <p>)",
  tags: ["archive"],
  request: {
    query: z.object({ from: id, to: id, lang: langQuery("Language of summary: en or fr.") }),
  },
  responses: {
    200: {
      description: "The diff",
      content: {
        "application/json": { schema: z.record(z.string(), z.unknown()).openapi("ArchiveCompare") },
      },
    },
    400: errorResponseDoc("Bad ids or different pages"),
    404: errorResponseDoc("Unknown snapshot"),
  },
});

export function mountChangesRoutes(app: AppRouter, ctx: ModuleContext) {
  const db = repositoryOf(ctx);
  app.openapi(feedRoute, async (c) => {
    const q = c.req.valid("query");
    checkDateOrder(q);
    const lang = responseLang(c, q.lang);
    const { rows, total } = await db.listChanges(q);
    const changes = rows.map((r): ArchiveChange => {
      const changedSections = r.changed_sections ? JSON.parse(r.changed_sections) : [];
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
        snapshotId: r.snapshot_id,
        previousSnapshotId: r.previous_snapshot_id,
        compareUrl:
          r.snapshot_id && r.previous_snapshot_id
            ? `/api/changes/compare?from=${r.previous_snapshot_id}&to=${r.snapshot_id}`
            : null,
      };
    });
    return c.json({ changes, total, page: q.page, pageSize: q.pageSize }, 200);
  });

  app.openapi(compareRoute, async (c) => {
    const q = c.req.valid("query");
    const [a, b] = await Promise.all([db.getSnapshot(Number(q.from)), db.getSnapshot(Number(q.to))]);
    if (!a) throw notFound(`snapshot ${q.from} does not exist`);
    if (!b) throw notFound(`snapshot ${q.to} does not exist`);
    if ((a.normalized_url_group ?? a.url) !== (b.normalized_url_group ?? b.url)) {
      throw validationError(
        `Invalid query parameter "to": snapshot ${q.to} is not a capture of the same page as snapshot ${q.from}.`,
      );
    }
    const lang = responseLang(c, q.lang);
    const [ta, tb] = await Promise.all([pageTextOf(a), pageTextOf(b)]);
    const d = diffPages(ta, tb);
    const result: CompareResult = {
      from: { id: a.id, captureTimestamp: a.capture_timestamp },
      to: { id: b.id, captureTimestamp: b.capture_timestamp },
      url: b.url,
      ...d,
      summary: changeSummary({ type: "updated", ...d }, lang),
      html: diffHtml(ta, tb),
    };
    return c.json(result, 200);
  });
}
