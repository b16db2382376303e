/**
 * JSON responses with their ETag computed here, from the serialized text. The shared etag
 * middleware leaves responses that already carry an ETag alone, so the body stays a plain string
 * (Node's fast write path) instead of a cloned stream; a matching If-None-Match gets a 304.
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
  const inm = c.req.header("If-None-Match");
  if (inm && (inm.trim() === "*" || inm.split(",").some((t) => t.trim().replace(/^W\//, "") === tag))) {
    return new Response(null, { status: 304, headers: { ETag: tag } });
  }
  return c.body(text, 200, { "Content-Type": "application/json; charset=UTF-8", ETag: tag });
}
