/**
 * Composes the one Hono app: cross-cutting middleware, the shared health and OpenAPI routes,
 * each module's routes at its spec's paths, the API 404 envelope, then the web app with its
 * SPA fallback. A request's path: this file → the module's routes*.ts → its repository.ts.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ErrorHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Logger } from "pino";
import type { Config } from "./core/config.js";
import { mountHealth } from "./core/health.js";
import { clientKey } from "./core/http/client-address.js";
import { corsPolicy } from "./core/http/cors.js";
import { notFoundApi, onError, payloadTooLarge, validationHook } from "./core/http/errors.js";
import { methodNotAllowed } from "./core/http/method-not-allowed.js";
import { createObserver } from "./core/http/observe.js";
import { publicOrigin } from "./core/http/public-origin.js";
import { rateLimit } from "./core/http/rate-limit.js";
import { requestPath } from "./core/http/request-path.js";
import { requestTimeout } from "./core/http/request-timeout.js";
import { responseHeaders } from "./core/http/response-headers.js";
import { appCsp, replayFrameSources } from "./core/http/security-headers.js";
import { mountWebApp } from "./core/http/static.js";
import type { AppEnv, AppRouter, ModuleContext, ServiceModule } from "./core/module.js";
import { mountOpenApiDocument } from "./core/openapi.js";
import { dataPathHider } from "./core/public-paths.js";
import type { RouteMetrics } from "./core/route-metrics.js";

export interface AppParts {
  config: Config;
  logger: Logger;
  metrics: RouteMetrics;
  modules: { module: ServiceModule; ctx: ModuleContext }[];
  /** Folder of the built web app (dist/web); omitted in API-only tests. */
  webRoot?: string;
}

export function createRouter(): AppRouter {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export function createApp({ config, logger, metrics, modules, webRoot }: AppParts): AppRouter {
  const app = createRouter();
  const startedAt = new Date();

  const corsRules = corsPolicy({
    origins: config.CORS_ORIGINS === "*" ? "*" : config.CORS_ORIGINS.split(",").map((o) => o.trim()),
    // Integrators may write with a bearer token (not a credential in the CORS sense); cookie
    // sessions stay same-origin, so X-CSRF-Token is not offered.
    allowMethods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
    allowHeaders: ["Content-Type", "If-None-Match", "If-Match", "Authorization", "X-Request-Id"],
    // Every response header documented for clients that browsers do not show scripts unasked
    // (Content-Language, Last-Modified and Content-Length they do).
    exposeHeaders: [
      "ETag",
      "X-Request-Id",
      "Retry-After",
      "RateLimit-Policy",
      "RateLimit",
      "Allow",
      "Content-Location",
      "Content-Disposition",
    ],
    maxAgeSeconds: 600,
  });
  // Errors and the health view name files relative to DATA_DIR, never by absolute path.
  const hidePaths = dataPathHider(config.DATA_DIR);
  const suspectDatabases = () => {
    for (const { ctx } of modules) if (ctx.database.kind === "pg") ctx.database.health.suspect();
  };
  // The paths and methods of the document, read once every route is mounted (below).
  const methodCheck = methodNotAllowed(() => document.allowed());
  const reportError = onError(logger, hidePaths, suspectDatabases);
  // A step that refused a request before its route (sign-in, body type) gives way to the 405
  // when the path does not take the method at all.
  const errorHandler: ErrorHandler<AppEnv> = async (err, c) => {
    const res = await reportError(err, c);
    return methodCheck.instead(c, res.status) ?? res;
  };
  // Observe (request id, access log, route metrics, timing); security headers, CORS grant, Vary,
  // default Cache-Control, ETag/304 and compression above a size threshold (response-headers.ts and
  // send.ts); on /api the CORS preflight, rate limit, body limit, JSON body check and time limit:
  // one middleware (request-path.ts).
  app.use(
    "*",
    requestPath({
      observer: createObserver(logger, metrics, config.REQUEST_TIMEOUT_MS),
      headers: responseHeaders(corsRules, appCsp(replayFrameSources(config))),
      cors: corsRules,
      rateLimit: rateLimit({
        perMinute: config.RATE_LIMIT_PER_MINUTE,
        clientKey: (c) => clientKey(c, config.TRUST_PROXY),
      }),
      bodyLimit: bodyLimit({
        maxSize: config.BODY_LIMIT_BYTES,
        onError: () => {
          throw payloadTooLarge(config.BODY_LIMIT_BYTES);
        },
      }),
      timeLimit: requestTimeout(config.REQUEST_TIMEOUT_MS),
      onError: errorHandler,
    }),
  );

  mountHealth(app, config, modules, startedAt, hidePaths);
  for (const { module, ctx } of modules) module.mountRoutes(app, ctx);
  const document = mountOpenApiDocument(app, publicOrigin(config));

  // Reached only when no route took the request: a known path with another method is a 405.
  for (const path of ["/api/*", "/metrics"]) app.all(path, methodCheck.handler, notFoundApi);
  if (webRoot) mountWebApp(app, webRoot, { quickExitUrl: config.QUICK_EXIT_URL });
  app.notFound(notFoundApi);
  app.onError(errorHandler);
  return app;
}
