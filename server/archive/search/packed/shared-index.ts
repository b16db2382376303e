/**
 * Hands a packed index to other search threads without copying its bulk. The packed postings
 * and positions already live in shared memory (byte-chains.ts), never written after packing;
 * the per-term and per-document columns are copied into shared memory once per hand-over; only
 * the vocabulary and URL group names (strings) are cloned. A thread that received an index only
 * reads it. The thread that handed it out copies the columns back before it changes them.
 */
import type { ByteChains } from "./byte-chains.js";
import type { DocTable } from "./doc-table.js";
import { PackedIndex } from "./packed-index.js";
import { TermDictionary } from "./term-dictionary.js";

type Column = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;

interface SharedLists {
  base: Uint8Array;
  baseOff: Int32Array;
  baseLen: Int32Array;
  lists: number;
}

export interface SharedIndex {
  maxId: number;
  docs: Pick<
    DocTable,
    | "count"
    | "size"
    | "maxId"
    | "version"
    | "usable"
    | "totals"
    | "langNames"
    | "penalties"
    | "groupNames"
    | "groupOf"
    | "ts"
    | "source"
    | "lang"
    | "flags"
    | "penaltyOf"
    | "lens"
  >;
  terms: { terms: readonly string[]; ids: Int32Array };
  count: Int32Array;
  last: Int32Array;
  df: Int32Array;
  postings: SharedLists;
  positions: SharedLists;
}

const isShared = (a: Column) => a.buffer instanceof SharedArrayBuffer;

/** The first `n` values in shared memory (the same array when it already is). */
function shared<T extends Column>(a: T, n: number): T {
  if (isShared(a) && a.length === n) return a;
  const out = new (a.constructor as new (b: SharedArrayBuffer) => T)(
    new SharedArrayBuffer(n * a.BYTES_PER_ELEMENT),
  );
  out.set(a.subarray(0, n));
  return out;
}

/** A private copy (for the thread that keeps changing the index). */
function owned<T extends Column>(a: T): T {
  return isShared(a) ? (a.slice() as T) : a;
}

/** Packs `ix` (when anything was appended since) and describes it for other threads. */
export function shareIndex(ix: PackedIndex): SharedIndex {
  if (ix.postings.slabs.length || ix.positions.slabs.length) ix.compact();
  const d = ix.docs;
  d.groupOf = shared(d.groupOf, d.size);
  d.ts = shared(d.ts, d.size);
  d.source = shared(d.source, d.size);
  d.lang = shared(d.lang, d.size);
  d.flags = shared(d.flags, d.size);
  d.penaltyOf = shared(d.penaltyOf, d.size);
  d.lens = shared(d.lens, d.size * 3);
  const t = ix.terms.size;
  ix.count = shared(ix.count, t);
  ix.last = shared(ix.last, t);
  ix.df = shared(ix.df, t * 3);
  const sorted = ix.terms.exportSorted();
  const lists = (c: ByteChains): SharedLists => ({
    base: c.base,
    baseOff: c.baseOff,
    baseLen: c.baseLen,
    lists: c.lists,
  });
  return {
    maxId: d.maxId,
    docs: {
      count: d.count,
      size: d.size,
      maxId: d.maxId,
      version: d.version,
      usable: d.usable,
      totals: d.totals,
      langNames: d.langNames,
      penalties: d.penalties,
      groupNames: d.groupNames,
      groupOf: d.groupOf,
      ts: d.ts,
      source: d.source,
      lang: d.lang,
      flags: d.flags,
      penaltyOf: d.penaltyOf,
      lens: d.lens,
    },
    terms: { terms: sorted.terms, ids: shared(sorted.ids, sorted.ids.length) },
    count: ix.count,
    last: ix.last,
    df: ix.df,
    postings: lists(ix.postings),
    positions: lists(ix.positions),
  };
}

/** Before the sharing thread changes its index: private copies of the columns it handed out. */
export function ownColumns(ix: PackedIndex): void {
  if (!isShared(ix.count)) return;
  const d = ix.docs;
  d.groupOf = owned(d.groupOf);
  d.ts = owned(d.ts);
  d.source = owned(d.source);
  d.lang = owned(d.lang);
  d.flags = owned(d.flags);
  d.penaltyOf = owned(d.penaltyOf);
  d.lens = owned(d.lens);
  ix.count = owned(ix.count);
  ix.last = owned(ix.last);
  ix.df = owned(ix.df);
}

/** A read-only index over what another thread shared. */
export function indexFromShared(s: SharedIndex): PackedIndex {
  const ix = new PackedIndex();
  Object.assign(ix.docs, s.docs);
  ix.terms = TermDictionary.fromSorted(s.terms.terms as string[], s.terms.ids);
  ix.count = s.count;
  ix.last = s.last;
  ix.df = s.df;
  for (const [chains, from] of [
    [ix.postings, s.postings],
    [ix.positions, s.positions],
  ] as const) {
    chains.base = from.base;
    chains.baseOff = from.baseOff;
    chains.baseLen = from.baseLen;
    chains.lists = from.lists;
    chains.head = new Int32Array(from.lists).fill(-1);
    chains.tail = new Int32Array(from.lists).fill(-1);
  }
  return ix;
}
