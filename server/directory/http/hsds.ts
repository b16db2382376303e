/**
 * The Open Referral HSDS 3.0 read API for integrators, under /api/hsds (read-only; /api/v1 is
 * unchanged): the `/` meta object, services, organizations, service_at_locations and the
 * published taxonomy. What is served and how ids are made: docs/integrators.md, "HSDS 3.0".
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { PublicOrigin } from "../../core/http/public-origin.js";
import type { AppRouter } from "../../core/module.js";
import type { Catalogue } from "../catalogue.js";
import type { Geocoder } from "../geocode/geocoder.js";
import { type HsdsDeps, ok, TAG } from "../hsds-api/routes-common.js";
import { mountLinkRoutes } from "../hsds-api/routes-links.js";
import { mountOrganizationRoutes } from "../hsds-api/routes-organizations.js";
import { mountServiceRoutes } from "../hsds-api/routes-services.js";
import { mountTaxonomyRoutes } from "../hsds-api/routes-taxonomy.js";
import { HsdsApiMeta } from "../hsds-api/schemas/records.js";
import { HsdsView } from "../hsds-api/view.js";

export const HSDS_VERSION = "3.0";
/** No HSDS profile applies: plain HSDS 3.0, with the x_ extensions documented in /api/openapi.json. */
export const HSDS_PROFILE = "https://github.com/openreferral/specification/tree/3.0/schema";

const metaRoute = createRoute({
  method: "get",
  path: "/api/hsds",
  tags: [TAG],
  summary: "About this API: the HSDS version, its profile (none: plain HSDS 3.0) and this OpenAPI document",
  responses: { 200: ok(HsdsApiMeta, "The API's relationship with HSDS") },
});

export function mountHsdsRoutes(
  app: AppRouter,
  catalogue: Catalogue,
  geocoder: Geocoder,
  publicOrigin: PublicOrigin,
  now: () => Date = () => new Date(),
): void {
  const meta = (c: Context) =>
    c.json({
      version: HSDS_VERSION,
      profile: HSDS_PROFILE,
      openapi_url: `${publicOrigin.origin(c)}/api/openapi.json`,
    });
  const deps: HsdsDeps = {
    view: new HsdsView(catalogue),
    now,
    locate: (postcode) => geocoder.locate(postcode),
  };
  app.openapi(metaRoute, (c) => meta(c) as never);
  // HSDS tools ask for the API's root with its slash too; the document names it without (no trailing slash).
  app.get("/api/hsds/", meta);
  mountServiceRoutes(app, deps);
  mountOrganizationRoutes(app, deps);
  mountLinkRoutes(app, deps);
  mountTaxonomyRoutes(app);
}
