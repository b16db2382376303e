/**
 * GET /api/changes.atom: the change feed as Atom 1.0, with the query parameters of /api/changes
 * (significance=moderate and above unless asked), in the request's language. Feed readers poll
 * it: the ETag (added by the response step, server/core/http/response-headers.ts) answers
 * If-None-Match, and Last-Modified (the newest time a change in it was found) answers
 * If-Modified-Since, both with 304.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { publicOrigin } from "../../core/http/public-origin.js";
import { responseLang } from "../../core/http/response-lang.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { errorResponseDoc } from "../../core/openapi.js";
import { atomFeed } from "../changes/atom-feed.js";
import { repositoryOf } from "../repository-of.js";
import { checkDateOrder } from "../schemas.js";
import { changeFiltersOf, changeOf, changeQueryParams, significanceParam } from "./change-query.js";

export const FEED_DEFAULT_SIGNIFICANCE = "moderate";
const EPOCH = "1970-01-01T00:00:00.000Z";

const atomRoute = createRoute({
  method: "get",
  path: "/api/changes.atom",
  summary: "The change feed as an Atom 1.0 feed, for feed readers",
  description:
    "The same filters as /api/changes (all changes, one source, one page with url, a saved search with q); significance defaults to moderate (moderate and major). Each entry links to the change view (rel=alternate) and to both captures (rel=related). Poll with If-None-Match or If-Modified-Since: 304 when nothing changed.",
  tags: ["archive"],
  request: {
    query: z.object({
      ...changeQueryParams,
      significance: significanceParam.default(FEED_DEFAULT_SIGNIFICANCE),
    }),
  },
  responses: {
    200: {
      description: "The Atom feed (RFC 4287)",
      headers: z.object({
        ETag: z.string().openapi({ description: "Answers If-None-Match with 304" }),
        "Last-Modified": z.string().openapi({ description: "Answers If-Modified-Since with 304" }),
      }),
      content: { "application/atom+xml": { schema: z.string().openapi("ArchiveChangesAtom") } },
    },
    304: { description: "Not modified since the ETag or the date the reader sent" },
    400: errorResponseDoc("Bad parameter"),
  },
});

/** The filters as a stable string (sorted, without language or paging) for the feed's id. */
function canonicalQuery(q: Record<string, unknown>): string {
  const keep = ["source", "from", "to", "type", "url", "q", "significance", "includeNoise"];
  const p = new URLSearchParams();
  for (const k of keep.sort()) if (q[k] !== undefined && q[k] !== false) p.set(k, String(q[k]));
  return p.toString();
}

export function mountChangesFeedRoute(app: AppRouter, ctx: ModuleContext) {
  const db = repositoryOf(ctx);
  const publicUrl = publicOrigin(ctx.config);
  app.openapi(atomRoute, async (c) => {
    const q = c.req.valid("query");
    checkDateOrder(q);
    const lang = responseLang(c, q.lang);
    const { rows } = await db.listChanges(await changeFiltersOf(db, q));
    const updated = rows.reduce((max, r) => (r.computed_at > max ? r.computed_at : max), EPOCH);
    const lastModified = new Date(updated).toUTCString();
    const headers: Record<string, string> = { "last-modified": lastModified };
    // If-None-Match wins when both are sent (RFC 9110 §13.2.2); the response step answers it.
    const since = c.req.header("if-modified-since");
    if (since && !c.req.header("if-none-match")) {
      const sinceMs = Date.parse(since);
      if (!Number.isNaN(sinceMs) && Math.floor(Date.parse(updated) / 1000) <= Math.floor(sinceMs / 1000))
        return c.body(null, 304, headers);
    }
    const url = new URL(c.req.url);
    const origin = publicUrl.origin(c);
    const filters = canonicalQuery(q);
    const xml = atomFeed(
      {
        origin,
        self: `${origin}${url.pathname}${url.search}`,
        htmlPage: `${origin}/archive/changes${filters ? `?${filters}` : ""}`,
        scope: { source: q.source, url: q.url, q: q.q, canonicalQuery: filters },
        lang,
        updated,
      },
      rows.map((r) => changeOf(r, lang)),
    );
    return c.body(xml, 200, { ...headers, "content-type": "application/atom+xml; charset=utf-8" });
  });
}
