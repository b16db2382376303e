/** GET /api/v1/geocode?q=… : coordinates for a place, for "near me" searches without GPS. */
import { createRoute, z } from "@hono/zod-openapi";
import { notFound } from "../../core/errors.js";
import type { AppRouter } from "../../core/module.js";
import type { Geocoder } from "../geocode/geocoder.js";
import { ErrorSchema } from "../schemas.js";

const route = createRoute({
  method: "get",
  path: "/api/v1/geocode",
  tags: ["directory"],
  summary:
    "Coordinates for a city, postal code or address (optional geocoder, else the directory's own sites)",
  request: { query: z.object({ q: z.string().trim().min(2).max(200) }) },
  responses: {
    200: {
      description: "Found",
      content: {
        "application/json": {
          schema: z.object({
            data: z.object({
              lat: z.number(),
              lng: z.number(),
              label: z.string(),
              source: z.enum(["geocoder", "directory"]),
            }),
          }),
        },
      },
    },
    400: { description: "Bad q", content: { "application/json": { schema: ErrorSchema } } },
    404: { description: "Unknown place", content: { "application/json": { schema: ErrorSchema } } },
  },
});

export function mountGeocodeRoute(app: AppRouter, geocoder: Geocoder): void {
  app.openapi(route, async (c) => {
    const { q } = c.req.valid("query");
    const found = await geocoder.locate(q);
    if (!found) throw notFound(`No coordinates found for "${q}": try a city or a postal code.`);
    return c.json({ data: found }, 200);
  });
}
