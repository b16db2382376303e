/**
 * GET /api/v1/coverage: the area the directory's local services cover (shared/directory/coverage.ts),
 * worked out from the services' locations, with the ids of the national and provincial services. The
 * app says it on its home and search pages and, for a person outside it, lists those lines first;
 * the service worker keeps the last answer, so it holds offline too.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { type CoverageArea, coverageOf } from "../../../shared/directory/coverage.js";
import type { AppRouter } from "../../core/module.js";
import type { Catalogue } from "../catalogue.js";
import { NO_CREDENTIALS } from "../openapi-security.js";

const CoverageSchema = z
  .object({
    city: z.string(),
    province: z.string(),
    center: z.object({ lat: z.number(), lng: z.number() }),
    radiusKm: z.number(),
    national: z.array(z.string()),
    provincial: z.array(z.string()),
  })
  .nullable()
  .openapi("DirectoryCoverage");

const coverageRoute = createRoute({
  method: "get",
  path: "/api/v1/coverage",
  security: NO_CREDENTIALS,
  tags: ["directory"],
  summary:
    "The area the directory's local services cover, and its services for all of Canada or the province",
  description:
    "city and province: where most local services are; radiusKm around center holds nearly all of them. national and provincial list the ids of services for all of Canada and for the area's province. null when no local service has a place.",
  responses: {
    200: {
      description: "The area",
      content: { "application/json": { schema: z.object({ data: CoverageSchema }) } },
    },
  },
});

export function mountCoverageRoute(app: AppRouter, catalogue: Catalogue): void {
  // The catalogue makes a new list at every change: the area is worked out once per list.
  const areas = new WeakMap<readonly object[], CoverageArea | null>();
  app.openapi(coverageRoute, (c) => {
    const services = catalogue.services();
    if (!areas.has(services)) areas.set(services, coverageOf(services));
    return c.json({ data: areas.get(services) ?? null }, 200);
  });
}
