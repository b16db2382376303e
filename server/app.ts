/**
 * Composes the one Hono app: cross-cutting middleware, the shared health and OpenAPI routes,
 * each module's routes at its spec's paths, the API 404 envelope, then the web app with its
 * SPA fallback. A request's path: this file → the module's routes.ts → its queries.ts.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import type { Logger } from "pino";
import type { Config } from "./core/config.js";
import { mountHealth } from "./core/health.js";
import { clientKey } from "./core/http/client-address.js";
import { cors } from "./core/http/cors.js";
import {
  notFoundApi,
  onError,
  payloadTooLarge,
  requireJsonBody,
  validationHook,
} from "./core/http/errors.js";
import { etag } from "./core/http/etag.js";
import { observe } from "./core/http/observe.js";
import { rateLimit } from "./core/http/rate-limit.js";
import { requestTimeout } from "./core/http/request-timeout.js";
import { securityHeaders } from "./core/http/security-headers.js";
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

  app.use("*", observe(logger, metrics, config.REQUEST_TIMEOUT_MS));
  app.use("*", securityHeaders());
  app.use(
    "/api/*",
    cors({
      origins: config.CORS_ORIGINS === "*" ? "*" : config.CORS_ORIGINS.split(",").map((o) => o.trim()),
      // Integrators may write with a bearer token (not a credential in the CORS sense); cookie
      // sessions stay same-origin, so X-CSRF-Token is not offered.
      allowMethods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
      allowHeaders: ["Content-Type", "If-None-Match", "If-Match", "Authorization", "X-Request-Id"],
      exposeHeaders: ["ETag", "X-Request-Id", "Retry-After"],
      maxAgeSeconds: 600,
    }),
  );
  // ETag outside compress: the tag is computed over the bytes actually sent, so it stays strong and
  // differs between the gzip and identity representations, as RFC 9110 asks of strong validators.
  app.use("*", etag());
  const compressBody = compress();
  app.use("*", async (c, next) => {
    if (c.req.header("accept-encoding")) return compressBody(c, next);
    // Nothing to negotiate: skip hono/compress, whose c.header() after the handler would turn the
    // lightweight node response into a web stream; the Vary header is still sent.
    await next();
    c.res.headers.append("Vary", "Accept-Encoding");
  });
  app.use("/api/*", async (c, next) => {
    await next();
    if (c.req.method === "GET" && !c.res.headers.has("Cache-Control"))
      c.res.headers.set("Cache-Control", "no-cache");
  });
  app.use(
    "/api/*",
    rateLimit({
      perMinute: config.RATE_LIMIT_PER_MINUTE,
      clientKey: (c) => clientKey(c, config.TRUST_PROXY),
    }),
  );
  const limitBody = bodyLimit({
    maxSize: config.BODY_LIMIT_BYTES,
    onError: () => {
      throw payloadTooLarge(config.BODY_LIMIT_BYTES);
    },
  });
  // Only requests that can carry a body: asking a GET for its body would build a full web Request.
  app.use("/api/*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next),
  );
  app.use("/api/*", requireJsonBody());
  app.use("/api/*", requestTimeout(config.REQUEST_TIMEOUT_MS));

  // Errors and the health view name files relative to DATA_DIR, never by absolute path.
  const hidePaths = dataPathHider(config.DATA_DIR);
  mountHealth(app, modules, startedAt, hidePaths);
  for (const { module, ctx } of modules) module.mountRoutes(app, ctx);
  mountOpenApiDocument(app);

  app.all("/api/*", notFoundApi);
  if (webRoot) mountWebApp(app, webRoot);
  app.notFound(notFoundApi);
  app.onError(onError(logger, hidePaths));
  return app;
}
