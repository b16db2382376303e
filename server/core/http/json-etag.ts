/**
 * JSON responses with their ETag computed from the serialized text, for handlers on hot paths.
 * The etag middleware leaves responses that already carry an ETag alone, so the body stays a plain
 * string (Node's fast write path) instead of a cloned stream; a matching If-None-Match gets a 304.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";

export interface SerializedJson {
  text: string;
  tag: string;
}

export function serializeJson(body: unknown): SerializedJson {
  const text = JSON.stringify(body);
  return { text, tag: `"${createHash("sha1").update(text).digest("base64url")}"` };
}

export function jsonWithEtag(c: Context, body: unknown): Response {
  return sendSerialized(c, serializeJson(body));
}

/** Sends JSON serialized earlier (e.g. a list that only changes with the registry). */
export function sendSerialized(c: Context, { text, tag }: SerializedJson): Response {
  if (ifNoneMatchMatches(c.req.header("If-None-Match"), tag)) {
    return new Response(null, { status: 304, headers: { ETag: tag } });
  }
  return c.body(text, 200, { "Content-Type": "application/json; charset=UTF-8", ETag: tag });
}

/** Weak comparison, as RFC 9110 asks for If-None-Match. */
export function ifNoneMatchMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = tag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}
