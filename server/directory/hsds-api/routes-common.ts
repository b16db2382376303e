/** What every HSDS route shares: its dependencies, the id path parameter and error responses. */
import { z } from "@hono/zod-openapi";
import { ErrorSchema } from "../schemas.js";
import type { Locate } from "./select.js";
import type { HsdsView } from "./view.js";

export interface HsdsDeps {
  view: HsdsView;
  now: () => Date;
  /** Centre of a postal code, for `proximity` (the directory's geocoder). */
  locate: Locate;
}

export const TAG = "hsds";

export const idParams = (what: string) =>
  z.object({
    id: z
      .string()
      .min(1)
      .max(200)
      .openapi({
        param: { name: "id", in: "path" },
        description: `The ${what}'s id (a UUID as published; its x_directory_id is accepted too).`,
      }),
  });

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

export const BAD_QUERY = errorResponse(
  "A query parameter is malformed (the message names it and what it accepts)",
);

export const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/**
 * A list's 200: the Page envelope as JSON, or with format=ndjson one item per line. The NDJSON
 * stream is documented as text naming its item schema, not as the item itself: a generated
 * client would otherwise type every JSON page as "page or item".
 */
export const okList = <P extends z.ZodType>(page: P, itemSchemas: string[], description: string) => ({
  description,
  content: {
    "application/json": { schema: page },
    "application/x-ndjson": {
      schema: z.string().openapi({
        description: `format=ndjson: every matching item, unpaged, one JSON object per line, each one of the schemas ${itemSchemas.join(", ")} (under #/components/schemas/). Sent as it is written: no ETag or Content-Length, and compressed as it streams when the client accepts gzip or deflate.`,
      }),
    },
  },
});
