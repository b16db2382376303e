/**
 * The headers every answer carries, in one step: security headers, the CORS grant, Vary, the
 * request id and the API's default Cache-Control (no-cache on GET, so clients revalidate with the
 * ETag). They are prepared before the handler runs as one plain record (security-headers.ts says
 * why it is built as a literal).
 * A handler that answers through send.ts merges them into its own record and is done; any other
 * answer gets them here after the handler, with its ETag and encoding (finishGeneric below).
 * request-path.ts runs both halves around the handler.
 */
import type { Context } from "hono";
import { compress } from "hono/compress";
import type { AppEnv } from "../module.js";
import type { CorsPolicy } from "./cors.js";
import {
  acceptedEncoding,
  encode,
  encodedTag,
  encodingFor,
  ifNoneMatchMatches,
  STREAMED_CONTENT_TYPE,
  tagOf,
} from "./representation.js";
import { baseHeaders } from "./security-headers.js";

/** Names whose prepared value only fills a gap: the handler's own value wins. */
const DEFAULT_ONLY = new Set(["content-security-policy", "cache-control"]);

export interface ResponseHeaders {
  /** The prepared record for this request, set as the context's `responseHeaders`. */
  prepare(c: Context<AppEnv>, requestId: string): Record<string, string>;
  /** After the handler: adds them to an answer that did not go through send.ts. */
  finish(c: Context<AppEnv>, prepared: Record<string, string>): Promise<void> | undefined;
}

export function responseHeaders(cors: CorsPolicy, appCsp?: string): ResponseHeaders {
  const streamCompress = compress();
  const varyApi = cors.variesByOrigin ? "Origin, Accept-Encoding" : "Accept-Encoding";
  const finishRest = async (c: Context<AppEnv>, prepared: Record<string, string>) => {
    const finished = await finishGeneric(c, prepared);
    if (finished) {
      // Replace, not merge: assigning over a set c.res would copy every old header into the new one.
      c.res = undefined;
      c.res = finished;
    } else if (c.req.header("accept-encoding")) {
      const lines = encodeLines(c);
      if (lines) {
        c.res = undefined;
        c.res = lines;
      } else await streamCompress(c, async () => {});
    }
  };
  return {
    prepare(c, requestId) {
      const path = c.req.path;
      const headers = baseHeaders(path, requestId, appCsp);
      headers.vary = "Accept-Encoding";
      if (path.startsWith("/api/")) {
        const grant = cors.grant(c.req.header("origin"));
        if (grant) {
          headers["access-control-allow-origin"] = grant["Access-Control-Allow-Origin"];
          headers["access-control-expose-headers"] = grant["Access-Control-Expose-Headers"];
        }
        headers.vary = varyApi;
        // HEAD answers with GET's header fields (RFC 9110 §9.3.2).
        const method = c.req.method;
        if (method === "GET" || method === "HEAD") headers["cache-control"] = "no-cache";
      }
      c.set("responseHeaders", headers);
      return headers;
    },
    // Nothing to do (and no promise) when send.ts built the answer complete.
    finish: (c, prepared) => (c.res === c.get("sent") ? undefined : finishRest(c, prepared)),
  };
}

/**
 * Adds the prepared headers to an answer built elsewhere. When its body can be read whole (a
 * cacheable GET, or JSON of unknown length), returns it rebuilt with its ETag and encoding; null
 * when the body is a stream or already sized, left to hono/compress.
 */
async function finishGeneric(c: Context<AppEnv>, prepared: Record<string, string>): Promise<Response | null> {
  const res = c.res;
  const h = res.headers;
  for (const name in prepared) {
    if (name === "vary") mergeVary(h, prepared.vary);
    else if (!DEFAULT_ONLY.has(name) || !h.has(name)) h.set(name, prepared[name]);
  }
  const method = c.req.method;
  const cacheable =
    res.status === 200 &&
    (method === "GET" || method === "HEAD") &&
    !h.has("etag") &&
    !/no-store/.test(h.get("cache-control") ?? "");
  const contentType = h.get("content-type") ?? undefined;
  // A JSON answer is a string in memory; NDJSON and CSV exports stream and are never read whole:
  // a tag would hold the whole list in memory and the first line back until the last was written.
  const readable =
    !h.has("content-encoding") &&
    !STREAMED_CONTENT_TYPE.test(contentType ?? "") &&
    (cacheable || (!h.has("content-length") && /^application\/json\b/.test(contentType ?? ""))) &&
    res.body !== null;
  if (!readable) return null;
  const body = new Uint8Array(await res.arrayBuffer());
  const record: Record<string, string> = {};
  for (const [name, value] of h) if (name !== "content-length") record[name] = value;
  // HEAD gets GET's encoding and tag, so its ETag answers a later If-None-Match like GET's.
  const encoding = encodingFor(c.req.header("accept-encoding"), contentType, body.byteLength);
  const tag = cacheable ? tagOf(body) : undefined;
  if (tag) {
    record.etag = encodedTag(tag, encoding);
    if (ifNoneMatchMatches(c.req.header("if-none-match"), record.etag)) {
      delete record["content-type"];
      return new Response(null, { status: 304, headers: record });
    }
  }
  if (!encoding) return new Response(body, { status: res.status, headers: record });
  record["content-encoding"] = encoding;
  // Hono drops a HEAD answer's body: encoding it would be work for nothing.
  if (method === "HEAD") return new Response(null, { status: res.status, headers: record });
  const encoded = (await encode(body, encoding, tag)) as Uint8Array<ArrayBuffer>;
  return new Response(encoded, { status: res.status, headers: record });
}

/** A line-by-line answer compressed as it streams (gzip or deflate, as accepted); null for any other. */
function encodeLines(c: Context<AppEnv>): Response | null {
  const res = c.res;
  const h = res.headers;
  if (!res.body || h.has("content-encoding") || !STREAMED_CONTENT_TYPE.test(h.get("content-type") ?? ""))
    return null;
  const encoding = acceptedEncoding(c.req.header("accept-encoding"));
  if (!encoding) return null;
  const headers = new Headers(h);
  headers.delete("content-length");
  headers.set("content-encoding", encoding);
  const body = c.req.method === "HEAD" ? null : res.body.pipeThrough(new CompressionStream(encoding));
  return new Response(body, { status: res.status, headers });
}

function mergeVary(h: Headers, vary: string): void {
  const current = h.get("vary");
  if (!current) {
    h.set("vary", vary);
    return;
  }
  if (current === "*") return;
  const have = new Set(current.split(",").map((v) => v.trim().toLowerCase()));
  const missing = vary.split(", ").filter((v) => !have.has(v.toLowerCase()));
  if (missing.length) h.set("vary", `${current}, ${missing.join(", ")}`);
}
