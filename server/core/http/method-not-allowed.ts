/**
 * A documented /api path asked with a method it does not take: 405 MethodNotAllowed in the error
 * envelope with Allow (OPTIONS gets 204 with Allow), instead of the 404 an unknown path gets.
 * The paths and their methods come from the OpenAPI document, so the two cannot disagree.
 */
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors.js";
import type { AppEnv } from "../module.js";
import { errorResponse } from "./errors.js";

export function methodNotAllowed(
  documented: () => { pattern: RegExp; allow: string }[],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const known = documented().find((d) => d.pattern.test(path));
    if (!known) return next();
    if (c.req.method === "OPTIONS") {
      return c.body(null, 204, { Allow: known.allow });
    }
    return errorResponse(
      c,
      new ApiError(
        "MethodNotAllowed",
        `${path} does not take ${c.req.method}: it takes ${known.allow}. See /api/openapi.json.`,
        undefined,
        { Allow: known.allow },
      ),
    );
  };
}
