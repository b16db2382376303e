/**
 * Documented operations whose paths share one shape in the router. Hono's RegExpRouter (one
 * regular expression for the whole app, static paths looked up in a map) cannot hold a literal
 * segment and a parameter at the same place, such as `…/incidents/report` beside
 * `…/incidents/{id}`: one such pair made every request of the app fall back to the slower
 * TrieRouter. Here each operation keeps its documented path, validators and handler, but the router
 * holds the shape once (`…/incidents/:id`) and the parameter's value picks the operation.
 * The route label of metrics and the access log stays the operation's own template.
 */
import { OpenAPIHono, type RouteConfig, type RouteHandler } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler, Next } from "hono";
import type { AppEnv, AppRouter } from "../module.js";

export interface ShapeOperation {
  route: RouteConfig;
  handler: unknown;
  /** The parameter's value that selects this operation; the one without takes every other value. */
  when?: string;
}

/** One operation, its handler typed by its route as app.openapi() would type it. */
export function shapeOperation<R extends RouteConfig>(
  route: R,
  handler: RouteHandler<R, AppEnv>,
): ShapeOperation {
  return { route, handler };
}

/**
 * Registers `operations` (documented in this order) under one router path, `shape` in Hono's
 * syntax, dispatching on the value of its parameter `param`.
 */
export function openapiSharedShape(
  app: AppRouter,
  shape: { method: "get" | "post" | "put" | "delete"; path: string; param: string },
  operations: ShapeOperation[],
): void {
  const byValue = new Map<string, Chain>();
  let rest: Chain | undefined;
  for (const op of operations) {
    if (op.route.method !== shape.method) throw new Error(`${op.route.path}: not a ${shape.method}`);
    // As app.openapi() documents a route: its middleware is no part of the document.
    const { middleware: _middleware, ...documented } = op.route;
    app.openAPIRegistry.registerPath(documented);
    const chain = chainOf(app, op);
    if (op.when === undefined) rest = chain;
    else byValue.set(op.when, chain);
  }
  if (!rest) throw new Error(`${shape.path}: no operation takes the other values of ${shape.param}`);
  const fallback = rest;
  app.on(shape.method.toUpperCase(), shape.path, (c, next) => {
    const chain = byValue.get(c.req.param(shape.param) ?? "") ?? fallback;
    c.set("route", chain.template);
    return run(chain.handlers, 0, c, next);
  });
}

interface Chain {
  /** The operation's path in Hono's syntax, as metrics label it. */
  template: string;
  handlers: MiddlewareHandler<AppEnv>[];
}

/** The validators and handler app.openapi() would register for the operation, unregistered. */
function chainOf(app: AppRouter, op: ShapeOperation): Chain {
  const scratch = new OpenAPIHono<AppEnv>({ defaultHook: app.defaultHook });
  scratch.openapi({ ...op.route, hide: true }, op.handler as never);
  return {
    template: op.route.path.replaceAll(/\/{(.+?)}/g, "/:$1"),
    handlers: scratch.routes.map((r) => r.handler as MiddlewareHandler<AppEnv>),
  };
}

/** Runs the chain as Hono's compose would: a returned Response is the answer. */
async function run(
  handlers: MiddlewareHandler<AppEnv>[],
  i: number,
  c: Context<AppEnv>,
  next: Next,
): Promise<Response | undefined> {
  if (i === handlers.length) {
    await next();
    return undefined;
  }
  const res = await handlers[i](c, () => run(handlers, i + 1, c, next).then(() => undefined));
  if (res instanceof Response && !c.finalized) c.res = res;
  return c.finalized ? c.res : undefined;
}
