/**
 * GET /api/changes (the precomputed change feed, filtered by source, page, search and
 * significance) and GET /api/changes/compare (HTML diff of two captures, with its significance).
 * The Atom feed of the same changes is changes-feed.ts.
 */
import path from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import type { CompareResult } from "../../../shared/archive/changes.js";
import { conflict, notFound, validationError } from "../../core/errors.js";
import { langQuery, responseLang } from "../../core/http/response-lang.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { errorResponseDoc } from "../../core/openapi.js";
import { changeSummary } from "../changes/change-summary.js";
import { pageTextOf } from "../changes/compute-changes.js";
import { diffHtml, diffPages } from "../changes/page-diff.js";
import { significanceReason } from "../changes/significance.js";
import { repositoryOf } from "../repository-of.js";
import { checkDateOrder } from "../schemas.js";
import { changeFiltersOf, changeOf, changeQueryParams, significanceParam } from "./change-query.js";

const id = z.string().regex(/^[1-9]\d{0,15}$/, "must be a positive integer snapshot id");

const feedRoute = createRoute({
  method: "get",
  path: "/api/changes",
  summary: "Change feed: new, updated and removed pages between crawls, newest first",
  description:
    "Each change carries a one-line summary and the reason for its significance in the language asked for, and pageLanguage: the language of the page itself (its title and section names are the page's own words). The same changes as an Atom feed: /api/changes.atom.",
  tags: ["archive"],
  request: {
    query: z.object({ ...changeQueryParams, significance: significanceParam.optional() }),
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
    409: errorResponseDoc("The WARC file holding one of the captures is missing from the archive"),
  },
});

/** A capture's text; a WARC file gone from the data folder is the archive's state, not a fault. */
async function textOrMissing(s: Parameters<typeof pageTextOf>[0] & { id: number }) {
  try {
    return await pageTextOf(s);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    throw conflict(
      `The WARC file ${path.basename(s.warc_path)} holding snapshot ${s.id} is missing from the archive: ` +
        "restore it from a backup to compare this capture.",
    );
  }
}

export function mountChangesRoutes(app: AppRouter, ctx: ModuleContext) {
  const db = repositoryOf(ctx);
  app.openapi(feedRoute, async (c) => {
    const q = c.req.valid("query");
    checkDateOrder(q);
    const lang = responseLang(c, q.lang);
    const { rows, total } = await db.listChanges(await changeFiltersOf(db, q));
    const changes = rows.map((r) => changeOf(r, lang));
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
    const [ta, tb] = await Promise.all([textOrMissing(a), textOrMissing(b)]);
    const d = diffPages(ta, tb);
    const result: CompareResult = {
      from: { id: a.id, captureTimestamp: a.capture_timestamp },
      to: { id: b.id, captureTimestamp: b.capture_timestamp },
      url: b.url,
      ...d,
      summary: changeSummary({ type: "updated", ...d }, lang),
      significanceReason: significanceReason(
        { type: "updated", level: d.significance, facts: d.significanceFacts, changeRatio: d.changeRatio },
        lang,
      ),
      html: diffHtml(ta, tb),
    };
    return c.json(result, 200);
  });
}
