/**
 * Per-document columns that search filters, groups, sorts and scores on, one typed array each:
 * snapshot id, URL group, capture time, source, language, 2xx and duplicate flags, URL penalty
 * (an index into the few distinct values) and the token count of each FTS column (title, url,
 * body). Documents are numbered densely in snapshot-id order.
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
  n = 0;
  ids = new Int32Array(1024);
  groupOf = new Int32Array(1024);
  ts = new Float64Array(1024);
  source = new Int32Array(1024);
  lang = new Uint8Array(1024);
  /** bit 1: status 2xx; bit 2: duplicate. */
  flags = new Uint8Array(1024);
  /** URL penalty of each document: an index into `penalties` (it depends only on path depth and query, so a URL's 2,000-character cap keeps the values few). */
  penaltyOf = new Uint16Array(1024);
  penalties: number[] = [];
  private penaltyIndex = new Map<number, number>();
  /** Tokens per column (title, url, body), three per document. */
  lens = new Uint32Array(3072);
  totals = [0, 0, 0];
  /** Snapshot id → dense document index (-1 when absent). */
  indexOf = new Int32Array(1024).fill(-1);
  groupNames: string[] = [];
  private groupIds = new Map<string, number>();
  langNames: (string | null)[] = [null];
  maxId = 0;
  /** Changes whenever a column length changes (so derived figures know to be recomputed). */
  version = 0;
  /** False when a capture time is not in canonical ISO form (then FTS answers every query). */
  usable = true;

  add(m: DocMeta, len: readonly number[]): number {
    const d = this.n++;
    const cap = this.n;
    this.ids = grow(this.ids, cap);
    this.groupOf = grow(this.groupOf, cap);
    this.ts = grow(this.ts, cap);
    this.source = grow(this.source, cap);
    this.lang = grow(this.lang, cap);
    this.flags = grow(this.flags, cap);
    this.penaltyOf = grow(this.penaltyOf, cap);
    this.lens = grow(this.lens, cap * 3);
    if (m.id >= this.indexOf.length) {
      const next = new Int32Array(Math.max(m.id + 1, Math.ceil(this.indexOf.length * 1.5))).fill(-1);
      next.set(this.indexOf);
      this.indexOf = next;
    }
    this.indexOf[m.id] = d;
    this.ids[d] = m.id;
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
    this.flags[d] = (m.status !== null && m.status >= 200 && m.status <= 299 ? 1 : 0) | (m.duplicate ? 2 : 0);
    const penalty = urlPenalty(m.url);
    let pi = this.penaltyIndex.get(penalty);
    if (pi === undefined) {
      pi = this.penalties.push(penalty) - 1;
      this.penaltyIndex.set(penalty, pi);
    }
    this.penaltyOf[d] = pi;
    this.setLengths(d, len);
    if (m.id > this.maxId) this.maxId = m.id;
    return d;
  }

  setLengths(d: number, len: readonly number[]): void {
    this.version++;
    for (let j = 0; j < 3; j++) {
      this.totals[j] += len[j] - this.lens[d * 3 + j];
      this.lens[d * 3 + j] = len[j];
    }
  }

  /** Drops the growth slack (after a build; documents added later grow the arrays again). */
  trim(): void {
    const n = this.n;
    this.ids = exact(this.ids, n);
    this.groupOf = exact(this.groupOf, n);
    this.ts = exact(this.ts, n);
    this.source = exact(this.source, n);
    this.lang = exact(this.lang, n);
    this.flags = exact(this.flags, n);
    this.penaltyOf = exact(this.penaltyOf, n);
    this.lens = exact(this.lens, n * 3);
    this.indexOf = exact(this.indexOf, this.maxId + 1);
  }

  /** The document index of a snapshot id, or -1. */
  docOf(id: number): number {
    return id < this.indexOf.length ? this.indexOf[id] : -1;
  }

  /** FTS4 matchinfo 'a': average tokens per column, rounded the way SQLite rounds it. */
  averages(): number[] {
    const n = this.n || 1;
    return this.totals.map((t) => Math.floor(((t % 2 ** 32) + Math.floor(n / 2)) / n));
  }

  /** Approximate bytes: typed arrays plus the group names (strings and their map entries). */
  bytes(): number {
    let strings = 0;
    for (const g of this.groupNames) strings += 16 + g.length + 48;
    return (
      this.ids.byteLength +
      this.groupOf.byteLength +
      this.ts.byteLength +
      this.source.byteLength +
      this.lang.byteLength +
      this.flags.byteLength +
      this.penaltyOf.byteLength +
      this.lens.byteLength +
      this.indexOf.byteLength +
      strings
    );
  }
}
