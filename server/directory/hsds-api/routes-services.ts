/** GET /api/hsds/services (paged, filtered, ranked by search) and GET /api/hsds/services/{id}. */
import { createRoute, z } from "@hono/zod-openapi";
import { ApiError, notFound } from "../../core/errors.js";
import type { AppRouter } from "../../core/module.js";
import { responseLang } from "./lang.js";
import { fullService, minimalService, serviceSummary } from "./map-service.js";
import { listAnswer } from "./paging.js";
import { fullFlag, MAX_PER_PAGE_MINIMAL, pagingQuery, serviceFilters } from "./query.js";
import { BAD_QUERY, errorResponse, type HsdsDeps, idParams, ok, okList, TAG } from "./routes-common.js";
import { HsdsService, HsdsServiceMinimal, HsdsServiceSummary, hsdsPage } from "./schemas/records.js";
import { selectServices } from "./select.js";

const listRoute = createRoute({
  method: "get",
  path: "/api/hsds/services",
  tags: [TAG],
  summary: "Services, paged: one-to-one fields (full=true: fully nested; minimal=true: id and last_modified)",
  request: {
    query: z.object({
      ...pagingQuery,
      ...serviceFilters,
      minimal: fullFlag(
        `true: each item is only {id, last_modified}, and per_page goes up to ${MAX_PER_PAGE_MINIMAL} so one page can hold every service.`,
      ),
      full: fullFlag("true: each item is the fully nested service, as GET /api/hsds/services/{id} gives it."),
    }),
  },
  responses: {
    200: okList(
      hsdsPage(z.union([HsdsService, HsdsServiceSummary, HsdsServiceMinimal]), "HsdsServicePage"),
      ["HsdsService", "HsdsServiceSummary", "HsdsServiceMinimal"],
      "A page of services",
    ),
    400: BAD_QUERY,
  },
});

const oneRoute = createRoute({
  method: "get",
  path: "/api/hsds/services/{id}",
  tags: [TAG],
  summary: "One fully nested service",
  request: { params: idParams("service"), query: z.object({ lang: pagingQuery.lang }) },
  responses: {
    200: ok(HsdsService, "The service with its organization, locations, hours, terms and other parts"),
    400: BAD_QUERY,
    404: errorResponse("No such service, or it was deleted"),
  },
});

export function mountServiceRoutes(app: AppRouter, { view, now }: HsdsDeps): void {
  app.openapi(listRoute, (c) => {
    const q = c.req.valid("query");
    if (q.minimal && q.full)
      throw new ApiError("ValidationError", 'Query parameters "minimal" and "full" cannot both be true.');
    const lang = responseLang(c, q.lang);
    const at = now();
    const services = selectServices(view, q, at);
    return (
      q.minimal
        ? listAnswer(c, services, q, minimalService, MAX_PER_PAGE_MINIMAL)
        : listAnswer(c, services, q, (s) =>
            q.full ? fullService(s, { lang, now: at }) : serviceSummary(s, lang),
          )
    ) as never;
  });

  app.openapi(oneRoute, (c) => {
    const { id } = c.req.valid("param");
    const lang = responseLang(c, c.req.valid("query").lang);
    const directoryId = view.serviceDirectoryId(id);
    // An id merged into another record answers with the merged record, as /api/v1 does.
    const service = view.catalogue.resolve(directoryId);
    if (service) return c.json(fullService(service, { lang, now: now() }), 200) as never;
    const gone = view.catalogue.tombstone(directoryId);
    if (gone) throw notFound(`Service "${id}" was deleted at ${gone.updatedAt}.`);
    throw notFound(`No service with id "${id}".`);
  });
}
