/**
 * Operations whose answers are never stored (sessions, admin reads, live state, exports built per
 * request). One declaration on the route does both halves, so the document and the wire cannot
 * part: `noStore(route)` documents `Cache-Control: no-store` on its success answers, which the
 * contract step (openapi-contract.ts) reads to promise them neither an ETag nor a 304, and runs a
 * step before the handler that makes every answer of the route `no-store`, which send.ts and
 * response-headers.ts read to give it no ETag and no 304.
 * A route documented with registerPath and mounted with app.get takes the two halves separately:
 * `documentNoStore` on its documentation, `markNoStore` before its handler.
 */
import type { RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../module.js";

/** The header as the document states it on each success answer of such an operation. */
export const NO_STORE_HEADERS = {
  "Cache-Control": {
    description: "no-store: the answer is never kept, so it carries no ETag and never answers 304.",
    required: true,
    schema: { type: "string" as const, enum: ["no-store"] },
  },
};

/**
 * Before the handler: the prepared Cache-Control (response-headers.ts) becomes no-store, so an
 * answer built either way (send.ts, or c.json/c.body finished by response-headers.ts) gets it and
 * no tag; a handler's own Cache-Control would still win, and none of these routes sets one.
 */
export const markNoStore: MiddlewareHandler<AppEnv> = (c, next) => {
  const prepared = c.get("responseHeaders");
  if (prepared) prepared["cache-control"] = "no-store";
  // An app composed without response-headers.ts: c.json and c.body answers carry it.
  else c.header("Cache-Control", "no-store");
  return next();
};

type Responses = Record<string, { headers?: Record<string, unknown> } & Record<string, unknown>>;

/** The route's documentation with `Cache-Control: no-store` on every 2xx answer. */
export function documentNoStore<R extends RouteConfig>(route: R): R {
  const responses = Object.fromEntries(
    Object.entries(route.responses as Responses).map(([status, response]) => {
      if (!status.startsWith("2") || "$ref" in response) return [status, response];
      const headers = response.headers ?? {};
      if (typeof headers !== "object" || "_zod" in headers)
        throw new Error(`${status}: documentNoStore takes headers as a plain record`);
      return [status, { ...response, headers: { ...headers, ...NO_STORE_HEADERS } }];
    }),
  );
  return { ...route, responses };
}

/** The route documented as never stored, with the step that makes it so. */
export function noStore<R extends RouteConfig>(route: R): R {
  const before = route.middleware === undefined ? [] : [route.middleware].flat();
  return { ...documentNoStore(route), middleware: [...before, markNoStore] } as R;
}
