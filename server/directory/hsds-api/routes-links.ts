/**
 * GET /api/hsds/service_at_locations (paged, the service filters plus postcode and proximity) and
 * GET /api/hsds/service_at_locations/{id}. A service with no site (phone or online only) has no
 * service_at_location: find it under /api/hsds/services.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { notFound } from "../../core/errors.js";
import type { AppRouter } from "../../core/module.js";
import { responseLang } from "./lang.js";
import { fullLink, linkSummary } from "./map-service.js";
import { listAnswer } from "./paging.js";
import { fullFlag, linkFilters, pagingQuery } from "./query.js";
import { BAD_QUERY, errorResponse, type HsdsDeps, idParams, ok, okList, TAG } from "./routes-common.js";
import { HsdsServiceAtLocation, HsdsServiceAtLocationSummary, hsdsPage } from "./schemas/records.js";
import { selectLinks } from "./select.js";

const listRoute = createRoute({
  method: "get",
  path: "/api/hsds/service_at_locations",
  tags: [TAG],
  summary:
    "Services at their locations, paged: the link with its location and service (full=true: fully nested)",
  request: {
    query: z.object({
      ...pagingQuery,
      ...linkFilters,
      full: fullFlag("true: each item fully nested, as GET /api/hsds/service_at_locations/{id} gives it."),
    }),
  },
  responses: {
    200: okList(
      hsdsPage(z.union([HsdsServiceAtLocation, HsdsServiceAtLocationSummary]), "HsdsServiceAtLocationPage"),
      ["HsdsServiceAtLocation", "HsdsServiceAtLocationSummary"],
      'A page of service_at_location links. Only live links are listed, with modified_after too: a link removed (its service deleted, or the site taken off it) is listed nowhere. A mirror learns of it through its service: services?modified_after=…&full=true nests each changed service\'s current links, and lists deleted services with x_deleted true (docs/integrators.md, "Mirroring sites and organizations").',
    ),
    400: BAD_QUERY,
  },
});

const oneRoute = createRoute({
  method: "get",
  path: "/api/hsds/service_at_locations/{id}",
  tags: [TAG],
  summary: "One fully nested service_at_location: the location, the service's hours there, and the service",
  request: { params: idParams("service_at_location"), query: z.object({ lang: pagingQuery.lang }) },
  responses: {
    200: ok(HsdsServiceAtLocation, "The service at this location"),
    400: BAD_QUERY,
    404: errorResponse("No such service_at_location"),
  },
});

export function mountLinkRoutes(app: AppRouter, { view, now, locate }: HsdsDeps): void {
  app.openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const lang = responseLang(c, q.lang);
    const at = now();
    const links = await selectLinks(view, q, at, locate);
    return listAnswer(c, links, q, (l) =>
      q.full ? fullLink(l.service, l.index, { lang, now: at }) : linkSummary(l.service, l.index, lang, at),
    ) as never;
  });

  app.openapi(oneRoute, (c) => {
    const { id } = c.req.valid("param");
    const lang = responseLang(c, c.req.valid("query").lang);
    const link = view.link(id);
    if (!link) throw notFound(`No service_at_location with id "${id}".`);
    return c.json(fullLink(link.service, link.index, { lang, now: now() }), 200) as never;
  });
}
