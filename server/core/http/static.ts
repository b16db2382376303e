/**
 * Serves the built web app (dist/web) with an SPA fallback: any GET that is not an API path and
 * not a file gets index.html. Hashed assets are cached for a year; the shell, the manifest and the
 * service worker are revalidated on every load so an update is seen at once.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "../module.js";

export function mountWebApp(app: Hono<AppEnv>, webRoot: string): void {
  const root = path.relative(process.cwd(), webRoot) || ".";
  const isReserved = (p: string) => p.startsWith("/api/") || p === "/api" || p === "/metrics";
  app.use("*", async (c, next) => {
    if (isReserved(c.req.path) || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    await next();
    if (c.res.status === 200 && !c.res.headers.has("Cache-Control")) {
      const immutable = c.req.path.startsWith("/assets/");
      c.res.headers.set("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
  });
  app.get("*", async (c, next) => {
    if (isReserved(c.req.path)) return next();
    return serveStatic({ root })(c, next);
  });
  app.get("*", (c, next) => {
    if (isReserved(c.req.path)) return next();
    const index = path.join(webRoot, "index.html");
    if (!existsSync(index)) {
      return c.text("The web app is not built yet: run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(readIndex(index));
  });
}

let cached: { file: string; mtimeMs: number; html: string } | undefined;
function readIndex(file: string): string {
  const { mtimeMs } = statSync(file);
  if (!cached || cached.file !== file || cached.mtimeMs !== mtimeMs) {
    cached = { file, mtimeMs, html: readFileSync(file, "utf8") };
  }
  return cached.html;
}
