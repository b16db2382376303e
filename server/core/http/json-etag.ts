/**
 * JSON serialized once with its ETag, for handlers on hot paths (the waittimes lists, analytics
 * memos): sent through send.ts, so the body stays plain bytes (Node's fast write path), a matching
 * If-None-Match gets a 304 and the tag is never recomputed for the same body.
 */
import type { Context } from "hono";
import type { AppEnv } from "../module.js";
import { knownBody, sendKnown } from "./send.js";

export { ifNoneMatchMatches } from "./representation.js";

export interface SerializedJson {
  bytes: Uint8Array;
  tag: string;
}

export function serializeJson(body: unknown): SerializedJson {
  return knownBody(JSON.stringify(body));
}

/** Sends JSON serialized earlier (e.g. a list that only changes with the registry). */
export function sendSerialized(c: Context, body: SerializedJson): Response | Promise<Response> {
  return sendKnown(c as Context<AppEnv>, body);
}
