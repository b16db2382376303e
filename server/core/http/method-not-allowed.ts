/**
 * A documented /api path asked with a method it does not take: 405 MethodNotAllowed in the error
 * envelope with Allow (OPTIONS gets 204 with Allow), instead of the 404 an unknown path gets.
 * The paths and their methods come from the OpenAPI document, so the two cannot disagree.
 *
 * Two ways in. As the last /api handler, when no route took the request. And from the error
 * handler, when a step registered on a path for all its methods (a sign-in check, a body type
 * check) refused a request before the routing could find no route for it: the wrong method is the
 * answer, not the step's 401 or 415. Only refused requests pay for that look-up.
 */
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../errors.js";
import type { AppEnv } from "../module.js";
import type { AllowedMethods } from "../openapi-contract.js";
import { errorResponse } from "./errors.js";

export interface MethodCheck {
  /** The last /api handler: 405 (or OPTIONS's 204) for a documented path, else on to the 404. */
  handler: MiddlewareHandler<AppEnv>;
  /**
   * For a client error (`status`) thrown before the route: the 405 (or OPTIONS's 204) to answer
   * instead when the path does not take the method; undefined when it does or is not documented.
   */
  instead(c: Context<AppEnv>, status: number): Response | Promise<Response> | undefined;
}

/**
 * The refusals a wrong method outranks. Not 413 (its answer closes the connection, whose unread
 * body would otherwise be taken for the next request), nor 429 (the client must slow down whatever
 * it asks), nor server errors.
 */
const GIVES_WAY = new Set([400, 401, 403, 415]);

export function methodNotAllowed(documented: () => AllowedMethods[]): MethodCheck {
  /** The Allow of the path when no documented path it falls under takes the method; else undefined. */
  const refusal = (method: string, path: string): string | undefined => {
    let allow: string | undefined;
    for (const d of documented()) {
      if (!d.pattern.test(path)) continue;
      // A literal path and a template may both match (/incidents/report, /incidents/{id}).
      if (method !== "OPTIONS" && d.methods.has(method)) return undefined;
      allow ??= d.allow;
    }
    return allow;
  };

  const answer = (c: Context<AppEnv>, allow: string) => {
    if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: allow });
    return errorResponse(
      c,
      new ApiError(
        "MethodNotAllowed",
        `${c.req.path} does not take ${c.req.method}: it takes ${allow}. See /api/openapi.json.`,
        undefined,
        { Allow: allow },
      ),
    );
  };

  return {
    handler: async (c, next) => {
      const allow = refusal(c.req.method, c.req.path);
      return allow === undefined ? next() : answer(c, allow);
    },
    instead: (c, status) => {
      if (!GIVES_WAY.has(status)) return undefined;
      const allow = refusal(c.req.method, c.req.path);
      return allow === undefined ? undefined : answer(c, allow);
    },
  };
}
