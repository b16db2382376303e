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

/** A list's 200: the Page envelope as JSON, or with format=ndjson one item per line. */
export const okList = <P extends z.ZodType, I extends z.ZodType>(page: P, item: I, description: string) => ({
  description,
  content: { "application/json": { schema: page }, "application/x-ndjson": { schema: item } },
});
