/**
 * Serves the built web app (dist/web) with an SPA fallback: any GET that is not an API path and
 * not a file gets index.html. Hashed assets are cached for a year; the shell, the manifest and the
 * service worker are revalidated on every load so an update is seen at once. The shell carries the
 * operator's settings the app needs offline too (the quick exit's neutral site) in a meta tag, so the
 * service worker's precached copy has them.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "../module.js";

export interface WebAppSettings {
  /** Where "Exit this page" sends the reader (QUICK_EXIT_URL). */
  quickExitUrl: string;
}

/** The shell's own file names: served through the fallback below, which writes the settings in. */
const SHELL_PATHS = new Set(["/", "/index.html"]);

export function mountWebApp(app: Hono<AppEnv>, webRoot: string, settings: WebAppSettings): void {
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
    if (isReserved(c.req.path) || SHELL_PATHS.has(c.req.path)) return next();
    return serveStatic({ root })(c, next);
  });
  app.get("*", (c, next) => {
    if (isReserved(c.req.path)) return next();
    const index = path.join(webRoot, "index.html");
    if (!existsSync(index)) {
      return c.text("The web app is not built yet: run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(readIndex(index, settings));
  });
}

const QUICK_EXIT_META = /<meta name="quick-exit-url"[^>]*>/;
const attribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The shell with the settings written into it (replacing the build's default meta, or added). */
export function withSettings(html: string, settings: WebAppSettings): string {
  const meta = `<meta name="quick-exit-url" content="${attribute(settings.quickExitUrl)}" />`;
  return QUICK_EXIT_META.test(html)
    ? html.replace(QUICK_EXIT_META, meta)
    : html.replace("</head>", `${meta}</head>`);
}

let cached: { file: string; mtimeMs: number; settings: WebAppSettings; html: string } | undefined;
function readIndex(file: string, settings: WebAppSettings): string {
  const { mtimeMs } = statSync(file);
  if (!cached || cached.file !== file || cached.mtimeMs !== mtimeMs || cached.settings !== settings) {
    cached = { file, mtimeMs, settings, html: withSettings(readFileSync(file, "utf8"), settings) };
  }
  return cached.html;
}
