/**
 * The packed index saved beside the archive database, so a restart reads it back in one go
 * instead of rebuilding it from FTS4's segments. Layout: 8 magic bytes, a 4-byte header length,
 * a JSON header (the index's scalars, the snapshots it covers, each section's place and a digest
 * of the body), then the body: every typed array of the shared form (shared-index.ts), each at an
 * 8-byte boundary, and the vocabulary and URL groups as one JSON section.
 * Written to a temporary file, fsynced and renamed over the old one, so a crash leaves either
 * the old file or the new one. Read into one SharedArrayBuffer whose typed arrays are views of
 * it: nothing is copied, and the replicas share it as they share a built index.
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { fsyncDir } from "../../../db/durable-files.mjs";
import type { SharedIndex } from "./shared-index.js";

const MAGIC = "CHCSIX01";
/** Magic, header length, sha1 of the header (its section offsets must be right before any is read). */
const LEAD = 8 + 4 + 20;

/** Which snapshots an index holds: the highest id and how many. A file for other ones is stale. */
export interface IndexCoverage {
  maxId: number;
  count: number;
}

type Column = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;
const KINDS = { Int32Array, Uint32Array, Uint16Array, Uint8Array, Float64Array } as const;
type Kind = keyof typeof KINDS;

interface Header extends IndexCoverage {
  /** sha1 of the body: a checksum against a damaged file, not a security measure. */
  digest: string;
  bodyBytes: number;
  sections: Record<string, [offset: number, length: number, kind: Kind]>;
  docs: Pick<
    SharedIndex["docs"],
    "count" | "size" | "maxId" | "version" | "usable" | "totals" | "langNames" | "penalties"
  >;
  lists: { postings: number; positions: number };
}

const align8 = (n: number) => (n + 7) & ~7;

/** The typed arrays of a shared index, by section name. */
function columnsOf(s: SharedIndex): Record<string, Column> {
  const d = s.docs;
  return {
    groupOf: d.groupOf,
    ts: d.ts,
    source: d.source,
    lang: d.lang,
    flags: d.flags,
    penaltyOf: d.penaltyOf,
    lens: d.lens,
    termIds: s.terms.ids,
    count: s.count,
    last: s.last,
    df: s.df,
    postingsBase: s.postings.base,
    postingsOff: s.postings.baseOff,
    postingsLen: s.postings.baseLen,
    positionsBase: s.positions.base,
    positionsOff: s.positions.baseOff,
    positionsLen: s.positions.baseLen,
  };
}

/** Writes `s` (an index holding `cover`) to `file` atomically. */
export function saveIndexFile(file: string, s: SharedIndex, cover: IndexCoverage): void {
  const strings = Buffer.from(JSON.stringify({ terms: s.terms.terms, groups: s.docs.groupNames }));
  const parts: Uint8Array[] = [];
  const sections: Header["sections"] = {};
  let at = 0;
  const add = (name: string, bytes: Uint8Array, kind: Kind, length: number) => {
    sections[name] = [at, length, kind];
    parts.push(bytes);
    const padded = align8(bytes.byteLength);
    if (padded > bytes.byteLength) parts.push(new Uint8Array(padded - bytes.byteLength));
    at += padded;
  };
  for (const [name, col] of Object.entries(columnsOf(s)))
    add(
      name,
      new Uint8Array(col.buffer, col.byteOffset, col.byteLength),
      col.constructor.name as Kind,
      col.length,
    );
  add("strings", strings, "Uint8Array", strings.byteLength);
  const hash = createHash("sha1");
  for (const p of parts) hash.update(p);
  const { count, size, maxId, version, usable, totals, langNames, penalties } = s.docs;
  const header: Header = {
    ...cover,
    digest: hash.digest("hex"),
    bodyBytes: at,
    sections,
    docs: { count, size, maxId, version, usable, totals, langNames, penalties },
    lists: { postings: s.postings.lists, positions: s.positions.lists },
  };
  const json = Buffer.from(JSON.stringify(header));
  const lead = Buffer.alloc(align8(LEAD + json.byteLength));
  lead.write(MAGIC, 0, "latin1");
  lead.writeUInt32LE(json.byteLength, 8);
  createHash("sha1").update(json).digest().copy(lead, 12);
  json.copy(lead, LEAD);
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, "w");
  try {
    for (const p of [lead, ...parts]) {
      for (let off = 0; off < p.byteLength; ) off += writeSync(fd, p, off, p.byteLength - off);
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}

export type LoadOutcome =
  | { index: SharedIndex; cover: IndexCoverage }
  | { missed: "missing" | "stale" | "damaged"; detail: string };

/** The index saved in `file` if it holds exactly the snapshots of `expect` and is intact. */
export function loadIndexFile(file: string, expect: IndexCoverage): LoadOutcome {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      return { missed: "missing", detail: "no saved index" };
    throw err;
  }
  let bytes: Uint8Array;
  try {
    const size = fstatSync(fd).size;
    // One read into shared memory: the arrays below are views of it, handed to replicas as they are.
    bytes = new Uint8Array(new SharedArrayBuffer(size));
    for (let off = 0; off < size; ) {
      const n = readSync(fd, bytes, off, size - off, off);
      if (!n) return { missed: "damaged", detail: `ends at byte ${off} of ${size}` };
      off += n;
    }
  } finally {
    closeSync(fd);
  }
  const damaged = (detail: string): LoadOutcome => ({ missed: "damaged", detail });
  if (bytes.byteLength < LEAD || Buffer.from(bytes.subarray(0, 8)).toString("latin1") !== MAGIC)
    return damaged("not a saved search index");
  const view = Buffer.from(bytes.buffer, 0, bytes.byteLength);
  const jsonLen = view.readUInt32LE(8);
  const json = view.subarray(LEAD, LEAD + jsonLen);
  if (
    json.byteLength !== jsonLen ||
    !createHash("sha1").update(json).digest().equals(view.subarray(12, LEAD))
  )
    return damaged("header checksum differs");
  const header = JSON.parse(json.toString("utf8")) as Header;
  if (header.maxId !== expect.maxId || header.count !== expect.count)
    return {
      missed: "stale",
      detail: `holds ${header.count} snapshots up to ${header.maxId}, the database ${expect.count} up to ${expect.maxId}`,
    };
  const start = align8(LEAD + jsonLen);
  const body = bytes.subarray(start);
  if (body.byteLength !== header.bodyBytes)
    return damaged(`body of ${body.byteLength} bytes, expected ${header.bodyBytes}`);
  if (createHash("sha1").update(body).digest("hex") !== header.digest) return damaged("checksum differs");
  const col = (name: string): Column => {
    const [offset, length, kind] = header.sections[name];
    // (A SharedArrayBuffer: the typings of the constructors' union accept only ArrayBuffer.)
    return new KINDS[kind](bytes.buffer as ArrayBuffer, start + offset, length);
  };
  const strings = col("strings") as Uint8Array;
  const { terms, groups } = JSON.parse(
    Buffer.from(strings.buffer, strings.byteOffset, strings.byteLength).toString("utf8"),
  ) as {
    terms: string[];
    groups: string[];
  };
  const index: SharedIndex = {
    maxId: header.docs.maxId,
    docs: {
      ...header.docs,
      groupNames: groups,
      groupOf: col("groupOf") as Int32Array,
      ts: col("ts") as Float64Array,
      source: col("source") as Int32Array,
      lang: col("lang") as Uint8Array,
      flags: col("flags") as Uint8Array,
      penaltyOf: col("penaltyOf") as Uint16Array,
      lens: col("lens") as Uint32Array,
    },
    terms: { terms, ids: col("termIds") as Int32Array },
    count: col("count") as Int32Array,
    last: col("last") as Int32Array,
    df: col("df") as Int32Array,
    postings: {
      base: col("postingsBase") as Uint8Array,
      baseOff: col("postingsOff") as Int32Array,
      baseLen: col("postingsLen") as Int32Array,
      lists: header.lists.postings,
    },
    positions: {
      base: col("positionsBase") as Uint8Array,
      baseOff: col("positionsOff") as Int32Array,
      baseLen: col("positionsLen") as Int32Array,
      lists: header.lists.positions,
    },
  };
  return { index, cover: { maxId: header.maxId, count: header.count } };
}
