/**
 * GET /api/hsds/organizations (paged; search ranks organizations by their best-matching service)
 * and GET /api/hsds/organizations/{id}. An organization is listed while it has a live service.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { rankServices } from "../../../shared/directory/index.js";
import { notFound } from "../../core/errors.js";
import type { AppRouter } from "../../core/module.js";
import { responseLang } from "./lang.js";
import { fullOrganization } from "./map-organization.js";
import { organizationSummary } from "./map-service.js";
import { listAnswer } from "./paging.js";
import { fullFlag, pagingQuery, searchParam } from "./query.js";
import { BAD_QUERY, errorResponse, type HsdsDeps, idParams, ok, okList, TAG } from "./routes-common.js";
import { HsdsOrganization, HsdsOrganizationSummary, hsdsPage } from "./schemas/records.js";
import type { HsdsView, OrganizationEntry } from "./view.js";

const fullService = fullFlag("true: the organization's services are fully nested (implies full).");

const listRoute = createRoute({
  method: "get",
  path: "/api/hsds/organizations",
  tags: [TAG],
  summary: "Organizations, paged: one-to-one fields (full=true: with sites and services)",
  request: {
    query: z.object({
      ...pagingQuery,
      search: searchParam.openapi({
        description:
          "Organizations whose services match, best match first (the /api/v1 ranking; names count).",
      }),
      full_service: fullService,
      full: fullFlag("true: each organization fully nested, its services in list form."),
    }),
  },
  responses: {
    200: okList(
      hsdsPage(z.union([HsdsOrganization, HsdsOrganizationSummary]), "HsdsOrganizationPage"),
      ["HsdsOrganization", "HsdsOrganizationSummary"],
      "A page of organizations",
    ),
    400: BAD_QUERY,
  },
});

const oneRoute = createRoute({
  method: "get",
  path: "/api/hsds/organizations/{id}",
  tags: [TAG],
  summary: "One fully nested organization, its services in list form (full_service=true: fully nested)",
  request: {
    params: idParams("organization"),
    query: z.object({ lang: pagingQuery.lang, full_service: fullService }),
  },
  responses: {
    200: ok(HsdsOrganization, "The organization with its sites and services"),
    400: BAD_QUERY,
    404: errorResponse("No organization with this id has a live service"),
  },
});

/** Organizations in the order of their best-ranked service (the same ranking as /api/v1). */
function searchOrganizations(view: HsdsView, search: string, now: Date): OrganizationEntry[] {
  const ranked = rankServices(view.catalogue.services(), search, { now });
  if (ranked.mode === "suggestions") return [];
  const out = new Map<string, OrganizationEntry>();
  for (const { service } of ranked.results) {
    const org = view.organization(service.organizationId);
    if (org && !out.has(org.id)) out.set(org.id, org);
  }
  return [...out.values()];
}

export function mountOrganizationRoutes(app: AppRouter, { view, now }: HsdsDeps): void {
  app.openapi(listRoute, (c) => {
    const q = c.req.valid("query");
    const lang = responseLang(c, q.lang);
    const at = now();
    const orgs = q.search ? searchOrganizations(view, q.search, at) : view.organizations();
    return listAnswer(c, orgs, q, (o) =>
      q.full || q.full_service
        ? fullOrganization(o.services, { lang, now: at }, q.full_service === true)
        : organizationSummary(o.id, o.name),
    ) as never;
  });

  app.openapi(oneRoute, (c) => {
    const { id } = c.req.valid("param");
    const q = c.req.valid("query");
    const lang = responseLang(c, q.lang);
    const org = view.organization(id);
    if (!org) throw notFound(`No organization with id "${id}" has a service in the directory.`);
    return c.json(
      fullOrganization(org.services, { lang, now: now() }, q.full_service === true),
      200,
    ) as never;
  });
}
