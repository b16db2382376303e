/**
 * How a known body is sent: its strong ETag, the encoding the client accepts and the encoded bytes.
 * Bodies under COMPRESS_MIN_BYTES go as they are: for a health answer or an error envelope, a gzip
 * stream costs more CPU than the bytes it saves, and the result is hardly smaller.
 *
 * Each encoding has its own strong tag (the identity tag with the encoding appended), as RFC 9110
 * asks of strong validators. Encoded bytes are kept by identity tag, which names the content, so a
 * cached list is compressed once per version, not once per request.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

export const COMPRESS_MIN_BYTES = 1024;
const ENCODED_CACHE_BYTES = 16 * 1024 * 1024;

export type Encoding = "gzip" | "deflate";
const ENCODINGS: Encoding[] = ["gzip", "deflate"];
const encoders = { gzip: promisify(zlib.gzip), deflate: promisify(zlib.deflate) };

export const tagOf = (body: string | Uint8Array) =>
  `"${createHash("sha1").update(body).digest("base64url")}"`;

/**
 * Line-by-line answers (HSDS `format=ndjson`, the archive's JSONL exports): written as they are
 * produced, so never read whole for a tag, and compressed as a stream. Hono's list of compressible
 * types does not name them.
 */
export const STREAMED_CONTENT_TYPE = /^application\/(?:x-ndjson|jsonl|x-jsonlines)\b/i;

/** The tag of the encoded representation: `"abc"` becomes `"abc-gzip"`. */
export const encodedTag = (tag: string, encoding: Encoding | null) =>
  encoding ? `${tag.slice(0, -1)}-${encoding}"` : tag;

/** Weak comparison, as RFC 9110 asks for If-None-Match. */
export function ifNoneMatchMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = tag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

const chosenByHeader = new Map<string, Encoding | null>();

/** gzip when acceptable (q > 0), else deflate, else none; the same rule as hono/compress. */
export function acceptedEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let chosen = chosenByHeader.get(acceptEncoding);
  if (chosen !== undefined) return chosen;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === "*")?.q;
  let best: { encoding: Encoding; q: number } | null = null;
  for (const encoding of ENCODINGS) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  chosen = best?.encoding ?? null;
  // Clients send a handful of distinct values; the bound keeps odd ones from growing it.
  if (chosenByHeader.size > 256) chosenByHeader.clear();
  chosenByHeader.set(acceptEncoding, chosen);
  return chosen;
}

/** The encoding to send `byteLength` bytes of `contentType` in, or null for identity. */
export function encodingFor(
  acceptEncoding: string | undefined,
  contentType: string | undefined,
  byteLength: number,
): Encoding | null {
  if (byteLength < COMPRESS_MIN_BYTES || !contentType) return null;
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType)) return null;
  return acceptedEncoding(acceptEncoding);
}

const encodedCache = new Map<string, Uint8Array>();
let encodedCacheBytes = 0;

/** The body in `encoding`, from the cache when `tag` (the identity tag) was encoded before. */
export async function encode(body: Uint8Array, encoding: Encoding, tag?: string): Promise<Uint8Array> {
  const key = tag && `${encoding} ${tag}`;
  const hit = key && encodedCache.get(key);
  if (hit) return hit;
  const encoded = new Uint8Array(await encoders[encoding](body));
  if (key && encoded.byteLength < ENCODED_CACHE_BYTES / 8) {
    encodedCache.set(key, encoded);
    encodedCacheBytes += encoded.byteLength;
    // Oldest first: Map keeps insertion order.
    for (const [k, v] of encodedCache) {
      if (encodedCacheBytes <= ENCODED_CACHE_BYTES) break;
      encodedCache.delete(k);
      encodedCacheBytes -= v.byteLength;
    }
  }
  return encoded;
}

/** The encoded bytes if they are cached already (lets a hot path answer without awaiting). */
export function cachedEncoding(encoding: Encoding, tag: string): Uint8Array | undefined {
  return encodedCache.get(`${encoding} ${tag}`);
}
