/**
 * Per-document columns that search filters, groups, sorts and scores on, one typed array each:
 * URL group, capture time, source, language, flags, URL penalty (an index into its few distinct
 * values) and the token count of each FTS column (title, url, body). A document's number is its
 * snapshot id: snapshots are only appended, so ids have few gaps, and postings can be decoded
 * before the snapshot columns arrive (a gap is a number without the `present` flag).
 */
import { urlPenalty } from "../rank.js";

export interface DocMeta {
  id: number;
  group: string | null;
  url: string;
  ts: string;
  status: number | null;
  duplicate: number;
  sourceId: number | null;
  language: string | null;
}

/** Flag bits. */
export const OK_2XX = 1;
export const DUPLICATE = 2;
export const PRESENT = 4;

type Column = Int32Array | Float64Array | Uint8Array | Uint16Array | Uint32Array;

function grow<T extends Column>(a: T, size: number): T {
  if (size <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(size, Math.ceil(a.length * 1.5)));
  next.set(a);
  return next;
}

/** The first `size` values in an array of exactly that length. */
const exact = <T extends Column>(a: T, size: number): T => (a.length === size ? a : (a.slice(0, size) as T));

export class DocTable {
  /** Documents present. */
  count = 0;
  /** One past the highest document number (the length every column covers). */
  size = 0;
  groupOf: Int32Array = new Int32Array(1024);
  ts: Float64Array = new Float64Array(1024);
  source: Int32Array = new Int32Array(1024);
  lang: Uint8Array = new Uint8Array(1024);
  flags: Uint8Array = new Uint8Array(1024);
  /**
   * URL penalty of each document: an index into `penalties` (it depends only on path depth and
   * query string, and a URL's 2,000-character cap keeps the distinct values few).
   */
  penaltyOf: Uint16Array = new Uint16Array(1024);
  penalties: number[] = [];
  private penaltyIndex = new Map<number, number>();
  /** Tokens per column (title, url, body), three per document. */
  lens: Uint32Array = new Uint32Array(3072);
  totals = [0, 0, 0];
  groupNames: string[] = [];
  private groupIds = new Map<string, number>();
  langNames: (string | null)[] = [null];
  maxId = 0;
  /** Changes whenever a column length changes (so derived figures know to be recomputed). */
  version = 0;
  /** False when a capture time is not in canonical ISO form (then FTS answers every query). */
  usable = true;

  /** Adds snapshot `m` as document `m.id`. */
  add(m: DocMeta, len: readonly number[]): number {
    const d = m.id;
    this.reserve(d + 1);
    if (this.flags[d] & PRESENT) throw new Error(`search index: snapshot ${d} added twice`);
    this.count++;
    const g = m.group ?? m.url;
    let gid = this.groupIds.get(g);
    if (gid === undefined) {
      gid = this.groupNames.length;
      this.groupNames.push(g);
      this.groupIds.set(g, gid);
    }
    this.groupOf[d] = gid;
    const ms = Date.parse(m.ts);
    if (Number.isNaN(ms) || new Date(ms).toISOString() !== m.ts) this.usable = false;
    this.ts[d] = ms;
    this.source[d] = m.sourceId ?? -1;
    let li = this.langNames.indexOf(m.language);
    if (li < 0) li = this.langNames.push(m.language) - 1;
    this.lang[d] = li;
    const ok = m.status !== null && m.status >= 200 && m.status <= 299;
    this.flags[d] = PRESENT | (ok ? OK_2XX : 0) | (m.duplicate ? DUPLICATE : 0);
    const penalty = urlPenalty(m.url);
    let pi = this.penaltyIndex.get(penalty);
    if (pi === undefined) {
      pi = this.penalties.push(penalty) - 1;
      this.penaltyIndex.set(penalty, pi);
    }
    this.penaltyOf[d] = pi;
    this.setLengths(d, len);
    if (d > this.maxId) this.maxId = d;
    return d;
  }

  /** Rebuilds the lookups `add` needs from the columns (a table read back from shared memory or a file). */
  relink(): void {
    this.groupIds = new Map(this.groupNames.map((g, i) => [g, i]));
    this.penaltyIndex = new Map(this.penalties.map((p, i) => [p, i]));
  }

  /** Makes the columns cover document numbers below `size`. */
  reserve(size: number): void {
    if (size <= this.size) return;
    this.size = size;
    this.groupOf = grow(this.groupOf, size);
    this.ts = grow(this.ts, size);
    this.source = grow(this.source, size);
    this.lang = grow(this.lang, size);
    this.flags = grow(this.flags, size);
    this.penaltyOf = grow(this.penaltyOf, size);
    this.lens = grow(this.lens, size * 3);
  }

  setLengths(d: number, len: readonly number[]): void {
    this.version++;
    for (let j = 0; j < 3; j++) {
      this.totals[j] += len[j] - this.lens[d * 3 + j];
      this.lens[d * 3 + j] = len[j];
    }
  }

  /** Drops the growth slack (after a build; documents added later grow the columns again). */
  trim(): void {
    const n = this.size;
    this.groupOf = exact(this.groupOf, n);
    this.ts = exact(this.ts, n);
    this.source = exact(this.source, n);
    this.lang = exact(this.lang, n);
    this.flags = exact(this.flags, n);
    this.penaltyOf = exact(this.penaltyOf, n);
    this.lens = exact(this.lens, n * 3);
  }

  /** FTS4 matchinfo 'a': average tokens per column, rounded the way SQLite rounds it. */
  averages(): number[] {
    const n = this.count || 1;
    return this.totals.map((t) => Math.floor(((t % 2 ** 32) + Math.floor(n / 2)) / n));
  }

  /** Approximate bytes: typed arrays plus the group names (strings and their map entries). */
  bytes(): number {
    let strings = 0;
    for (const g of this.groupNames) strings += 16 + g.length + 48;
    return (
      this.groupOf.byteLength +
      this.ts.byteLength +
      this.source.byteLength +
      this.lang.byteLength +
      this.flags.byteLength +
      this.penaltyOf.byteLength +
      this.lens.byteLength +
      strings
    );
  }
}
