/**
 * The quick way out for a handler whose body is already text (health, error envelopes, cached
 * lists): one plain header record (the prepared cross-cutting headers plus the handler's), the
 * ETag from the cached body or hashed once here, 304 on a matching If-None-Match, compression only
 * above COMPRESS_MIN_BYTES, and the lightweight response @hono/node-server writes straight out.
 * No Headers object is built or copied, and response-headers.ts has nothing left to add.
 * Header names in `headers` are lower case, like the prepared ones they merge with. Headers set
 * with c.header() are not carried (Hono applies them only to c.json/c.body answers): pass them here.
 */
import type { Context } from "hono";
import type { AppEnv } from "../module.js";
import {
  COMPRESS_MIN_BYTES,
  cachedEncoding,
  encode,
  encodedTag,
  encodingFor,
  ifNoneMatchMatches,
  tagOf,
} from "./representation.js";

export const JSON_TYPE = "application/json; charset=UTF-8";

/**
 * A serialized body, as text or as UTF-8 bytes (a cached body keeps its bytes, so nothing is
 * encoded per request) with its tag when it was computed beforehand.
 */
export type KnownBody =
  | { text: string; bytes?: Uint8Array; tag?: string }
  | { bytes: Uint8Array; tag: string };

/** A body to keep in a cache: its bytes and tag, computed once. */
export function knownBody(text: string): { bytes: Uint8Array; tag: string } {
  const bytes = Buffer.from(text);
  return { bytes, tag: tagOf(bytes) };
}

export interface SendOptions {
  status?: number;
  contentType?: string;
  /** Lower-case names; `vary` is merged with the prepared one, the others replace theirs. */
  headers?: Record<string, string>;
}

type AnyContext = Context<AppEnv>;

export function sendKnown(
  c: AnyContext,
  body: KnownBody | string,
  { status = 200, contentType = JSON_TYPE, headers: own }: SendOptions = {},
): Response | Promise<Response> {
  const known: KnownBody = typeof body === "string" ? { text: body } : body;
  // Copied name by name into a fresh object: a spread copy grows slowly (security-headers.ts).
  const headers: Record<string, string> = { "content-type": contentType };
  const prepared = c.get("responseHeaders");
  for (const name in prepared) headers[name] = prepared[name];
  if (own) {
    for (const name in own) {
      headers[name] = name === "vary" && headers.vary ? `${own.vary}, ${headers.vary}` : own[name];
    }
  }
  const payload = known.bytes ?? (known as { text: string }).text;
  const length = typeof payload === "string" ? Buffer.byteLength(payload) : payload.byteLength;
  // A body under the threshold goes as it is: the client's Accept-Encoding is not even read.
  const encoding =
    length < COMPRESS_MIN_BYTES ? null : encodingFor(c.req.header("accept-encoding"), contentType, length);
  const method = c.req.method;
  const cacheable =
    status === 200 &&
    (method === "GET" || method === "HEAD") &&
    !headers["cache-control"]?.includes("no-store");
  const tag = cacheable ? (known.tag ?? tagOf(payload)) : undefined;
  if (tag) {
    headers.etag = encodedTag(tag, encoding);
    if (ifNoneMatchMatches(c.req.header("if-none-match"), headers.etag)) {
      delete headers["content-type"];
      return sent(c, null, 304, headers);
    }
  }
  if (!encoding) return sent(c, payload, status, headers);
  headers["content-encoding"] = encoding;
  // Hono drops a HEAD answer's body: encoding it would be work for nothing.
  if (method === "HEAD") return sent(c, null, status, headers);
  const hit = tag && cachedEncoding(encoding, tag);
  if (hit) return sent(c, hit, status, headers);
  const bytes = typeof payload === "string" ? Buffer.from(payload) : payload;
  return encode(bytes, encoding, tag).then((encoded) => sent(c, encoded, status, headers));
}

function sent(
  c: AnyContext,
  payload: string | Uint8Array | null,
  status: number,
  headers: Record<string, string>,
): Response {
  // Node writes a Uint8Array as it is; the typing only admits ArrayBuffer-backed views.
  const res = new Response(payload as ConstructorParameters<typeof Response>[0], { status, headers });
  // Marked complete only when the prepared headers were in it; otherwise (an app composed without
  // response-headers.ts) it goes through the generic step like any other answer.
  if (c.get("responseHeaders")) c.set("sent", res);
  return res;
}
