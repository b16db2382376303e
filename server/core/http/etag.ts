/**
 * Strong ETags on GET responses (SHA-1 of the body bytes) and 304 on a matching If-None-Match.
 * The web app's sync relies on it. Responses that opt out with `Cache-Control: no-store`, that
 * already carry an ETag, or that stream (no known length, e.g. exports) are passed through untouched.
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { ifNoneMatchMatches } from "./json-etag.js";

export function etag(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return;
    const res = c.res;
    if (res.status !== 200 || res.headers.has("ETag")) return;
    // Decide from headers alone before touching the body: reading `body` turns @hono/node-server's
    // lightweight response into a full web stream, which costs more than most handlers.
    if (/no-store/.test(res.headers.get("Cache-Control") ?? "")) return;
    if (res.headers.get("X-Streamed") === "1" || !res.body) return;
    const body = await res.clone().arrayBuffer();
    const tag = `"${createHash("sha1").update(new Uint8Array(body)).digest("base64url")}"`;
    if (ifNoneMatchMatches(c.req.header("If-None-Match"), tag)) {
      const headers = new Headers(res.headers);
      headers.delete("Content-Length");
      headers.delete("Content-Type");
      headers.set("ETag", tag);
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    c.res.headers.set("ETag", tag);
  };
}
