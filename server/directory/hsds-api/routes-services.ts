/**
 * GET /api/hsds/services (paged, filtered, ranked by search) and GET /api/hsds/services/{id}.
 * With `modified_after` (and no other filter) the list ends with the services deleted since then,
 * status "defunct": a mirror learns of deletions without listing every id.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { DirectoryService, Tombstone } from "../../../shared/directory/index.js";
import { ApiError, notFound } from "../../core/errors.js";
import type { AppRouter } from "../../core/module.js";
import { responseLang } from "./lang.js";
import { deletedService, fullService, minimalService, serviceSummary } from "./map-service.js";
import { listAnswer } from "./paging.js";
import { fullFlag, MAX_PER_PAGE_MINIMAL, pagingQuery, serviceFilters } from "./query.js";
import { BAD_QUERY, errorResponse, type HsdsDeps, idParams, ok, okList, TAG } from "./routes-common.js";
import {
  HsdsService,
  HsdsServiceDeleted,
  HsdsServiceMinimal,
  HsdsServiceSummary,
  hsdsPage,
} from "./schemas/records.js";
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
        `true: each item is only {id, name, status, last_modified} (still a valid HSDS service_list item), and per_page goes up to ${MAX_PER_PAGE_MINIMAL} so one page can hold every service.`,
      ),
      full: fullFlag("true: each item is the fully nested service, as GET /api/hsds/services/{id} gives it."),
    }),
  },
  responses: {
    200: okList(
      hsdsPage(
        z.union([HsdsService, HsdsServiceSummary, HsdsServiceMinimal, HsdsServiceDeleted]),
        "HsdsServicePage",
      ),
      ["HsdsService", "HsdsServiceSummary", "HsdsServiceMinimal", "HsdsServiceDeleted"],
      "A page of services. With modified_after (and no other filter), the services deleted since then follow the live ones, in every form, as HsdsServiceDeleted (status defunct, x_deleted true); deletions are kept for good, so a mirror may sync as rarely as it likes.",
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
    const services: Array<DirectoryService | Tombstone> = selectServices(view, q, at);
    // A tombstone has no organization, terms or text: only a plain modified_after can list it.
    const onlyByTime =
      q.modified_after !== undefined &&
      [q.search, q.organization_id, q.taxonomy_id, q.taxonomy_term_id].every((f) => f === undefined);
    if (onlyByTime)
      services.push(...deletedSince(view.catalogue.sortedByUpdate(), q.modified_after as number));
    const live = (toItem: (s: DirectoryService) => unknown) => (r: DirectoryService | Tombstone) =>
      "deleted" in r ? deletedService(r) : toItem(r);
    return (
      q.minimal
        ? listAnswer(
            c,
            services,
            q,
            live((s) => minimalService(s, lang, at)),
            MAX_PER_PAGE_MINIMAL,
          )
        : listAnswer(
            c,
            services,
            q,
            live((s) => (q.full ? fullService(s, { lang, now: at }) : serviceSummary(s, lang, at))),
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

/** Tombstones changed at or after `since` (epoch ms), oldest first. */
function deletedSince(byUpdate: ReadonlyArray<DirectoryService | Tombstone>, since: number): Tombstone[] {
  return byUpdate.filter((r): r is Tombstone => "deleted" in r && Date.parse(r.updatedAt) >= since);
}
