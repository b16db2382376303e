/**
 * One entity tag per service record: the tag GET /api/v1/services/{id} sends is one If-Match takes
 * on PUT and DELETE, besides the version number ("3") partners already send. A tag or version that
 * is no longer current is a 412 PreconditionFailed carrying the current record and its version
 * (a stale "version" in the body stays a 409 Conflict, as before).
 */
import { ApiError } from "../core/errors.js";
import { tagOf } from "../core/http/representation.js";
import type { Catalogue } from "./catalogue.js";

/** The tag of GET /api/v1/services/{id}'s body, `{"data": record}` (routes.ts builds the same bytes). */
export const tagOfRecord = (record: unknown): string => tagOf(`{"data":${JSON.stringify(record)}}`);

const serviceTag = (catalogue: Catalogue, id: string): string | undefined => {
  const service = catalogue.resolve(id);
  return service ? tagOf(`{"data":${catalogue.json(service)}}`) : undefined;
};

/** A compressed answer's tag is the plain one with "-<encoding>" before its closing quote. */
const plainTag = (tag: string) => tag.replace(/-(gzip|br|deflate|zstd)"$/, '"');

export type IfMatch =
  | { kind: "version"; version: number }
  | { kind: "tag"; tags: string[] }
  | { kind: "any" };

/** Reads If-Match: a version ("3", W/"3" or 3), `*`, or entity tags as GET gave them. */
export function parseIfMatch(header: string): IfMatch {
  const value = header.trim();
  if (value === "*") return { kind: "any" };
  const version = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (version) return { kind: "version", version: Number(version[1]) };
  const tags = value.split(",").map((t) => t.trim());
  if (tags.every((t) => /^"[^"]*"$/.test(t))) return { kind: "tag", tags };
  throw new ApiError(
    "ValidationError",
    'Invalid header "If-Match": give the ETag GET /api/v1/services/{id} sent, or the version number being edited, e.g. "3".',
  );
}

/** The 412 of a tag or version that is not the record's current one. */
export const staleTag = (current: { version: number }, tag: string | undefined, details: unknown) =>
  new ApiError(
    "PreconditionFailed",
    `If-Match names a version that is no longer current: the service is now at version ${current.version}${tag ? ` (ETag ${tag})` : ""}. Merge with the current record (details.current) and retry.`,
    details,
    tag ? { ETag: tag } : undefined,
  );

/**
 * The version an If-Match stands for on the service `id`. A tag that matches the current GET's
 * gives the current version; one that does not is a 412 at once. `undefined` when the service is
 * unknown (the edit then answers its own 404).
 */
export function versionOfTag(catalogue: Catalogue, id: string, ifMatch: IfMatch): number | undefined {
  if (ifMatch.kind === "version") return ifMatch.version;
  const current = catalogue.resolve(id);
  if (!current) return undefined;
  if (ifMatch.kind === "any") return current.version;
  const tag = serviceTag(catalogue, id);
  if (tag && ifMatch.tags.some((t) => plainTag(t) === tag)) return current.version;
  throw staleTag(current, tag, { current, currentVersion: current.version });
}
