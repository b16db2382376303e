/**
 * HSDS 3.0 asks for UUIDs in every `id` and foreign key; the directory's ids are readable slugs
 * ("kids-help-phone", "org-kids-help-phone"). Each published id is a name-based UUID (version 5,
 * RFC 9562 §5.5) of "<kind>:<directory id>" under our own namespace, so it is the same on every
 * server and every day, and anyone holding a directory id can compute it. The directory id itself
 * travels beside it in `x_directory_id`.
 */
import { createHash } from "node:crypto";

/** Our namespace for name-based UUIDs (random, fixed forever: changing it changes every published id). */
export const HSDS_ID_NAMESPACE = "5498aba5-973e-42fa-a127-d2f70b84d2b0";

export type IdKind =
  | "service"
  | "organization"
  | "location"
  | "address"
  | "service_at_location"
  | "phone"
  | "schedule"
  | "language"
  | "service_area"
  | "cost_option"
  | "required_document"
  | "attribute"
  | "taxonomy"
  | "taxonomy_term";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const namespaceBytes = Buffer.from(HSDS_ID_NAMESPACE.replace(/-/g, ""), "hex");

/** UUID version 5 of `name` in `namespace` (SHA-1, version and variant bits set). */
export function uuidV5(name: string, namespace: Buffer = namespaceBytes): string {
  const hash = createHash("sha1").update(namespace).update(name, "utf8").digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Every page recomputes the same few thousand ids; hashing is the costly part, so they are kept.
const MAX_REMEMBERED = 200_000;
const remembered = new Map<string, string>();

/** The published HSDS id of one of our records. */
export function hsdsId(kind: IdKind, directoryId: string): string {
  const name = `${kind}:${directoryId}`;
  let id = remembered.get(name);
  if (id === undefined) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    id = uuidV5(name);
    remembered.set(name, id);
  }
  return id;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
