/**
 * The archive's in-memory search index: per-document metadata in typed arrays (snapshot id, URL
 * group, capture time, source, language, 2xx and duplicate flags, URL penalty, column lengths)
 * and, per term, compact postings (see postings.ts). It is filled from FTS4's own segments at
 * start-up (index-build.ts) and then from the text of each newly indexed snapshot, tokenised the
 * way FTS4's unicode61 tokenizer with remove_diacritics does, so it answers like the FTS table.
 * Documents are numbered densely in snapshot-id order; nothing here is persisted.
 */

import { Postings } from "./postings.js";
import { urlPenalty } from "./rank.js";

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

/** Tokens as FTS4 unicode61 (remove_diacritics=1) makes them: letters and digits, folded. */
export function ftsTokens(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter((w) => w.length > 0);
}

function grow<T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(a: T, size: number): T {
  if (size <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2));
  next.set(a);
  return next;
}

export class MemoryIndex {
  n = 0;
  ids = new Int32Array(1024);
  groupOf = new Int32Array(1024);
  ts = new Float64Array(1024);
  source = new Int32Array(1024);
  lang = new Uint8Array(1024);
  /** bit 1: status 2xx; bit 2: duplicate. */
  flags = new Uint8Array(1024);
  penalty = new Float64Array(1024);
  /** Tokens per column (title, url, body), three per document. */
  lens = new Uint32Array(3072);
  totals = [0, 0, 0];
  /** Snapshot id → dense document index (-1 when absent). */
  indexOf = new Int32Array(1024).fill(-1);
  groupNames: string[] = [];
  private groupIds = new Map<string, number>();
  langNames: (string | null)[] = [null];
  terms = new Map<string, Postings>();
  private vocab: string[] | null = null;
  maxId = 0;
  /** False when a capture time is not in canonical ISO form (then FTS answers every query). */
  usable = true;

  addDoc(m: DocMeta, len: [number, number, number]): number {
    const d = this.n++;
    const cap = this.n;
    this.ids = grow(this.ids, cap);
    this.groupOf = grow(this.groupOf, cap);
    this.ts = grow(this.ts, cap);
    this.source = grow(this.source, cap);
    this.lang = grow(this.lang, cap);
    this.flags = grow(this.flags, cap);
    this.penalty = grow(this.penalty, cap);
    this.lens = grow(this.lens, cap * 3);
    if (m.id >= this.indexOf.length) {
      const next = new Int32Array(Math.max(m.id + 1, this.indexOf.length * 2)).fill(-1);
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
    this.penalty[d] = urlPenalty(m.url);
    this.setLengths(d, len);
    if (m.id > this.maxId) this.maxId = m.id;
    return d;
  }

  setLengths(d: number, len: [number, number, number]): void {
    for (let j = 0; j < 3; j++) {
      this.totals[j] += len[j] - this.lens[d * 3 + j];
      this.lens[d * 3 + j] = len[j];
    }
  }

  posting(term: string): Postings {
    let p = this.terms.get(term);
    if (!p) {
      p = new Postings();
      this.terms.set(term, p);
      // Keep an existing sorted vocabulary sorted (new pages add a few terms per batch).
      if (this.vocab) this.vocab.splice(this.lowerBound(term), 0, term);
    }
    return p;
  }

  /** Adds a new snapshot's title, url and text (its metadata must already be added). */
  addText(id: number, columns: [string, string, string]): void {
    const d = this.indexOf[id];
    if (d === undefined || d < 0) return;
    const counts = new Map<string, [number, number, number]>();
    const len: [number, number, number] = [0, 0, 0];
    columns.forEach((text, j) => {
      for (const t of ftsTokens(text)) {
        len[j]++;
        let c = counts.get(t);
        if (!c) {
          c = [0, 0, 0];
          counts.set(t, c);
        }
        c[j]++;
      }
    });
    this.setLengths(d, len);
    for (const [t, c] of counts) this.posting(t).add(d, c[0], c[1], c[2]);
  }

  /** Every term, sorted as FTS4 sorts them (code-point order). */
  sortedVocab(): string[] {
    if (!this.vocab) this.vocab = [...this.terms.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return this.vocab;
  }

  /** Position of the first vocabulary term not below `term`. */
  private lowerBound(term: string): number {
    const v = this.sortedVocab();
    let lo = 0;
    let hi = v.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v[mid] < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Terms starting with `prefix`, in vocabulary order (an FTS4 prefix query `prefix*`). */
  prefixTerms(prefix: string): string[] {
    const v = this.sortedVocab();
    const lo = this.lowerBound(prefix);
    const out: string[] = [];
    for (let i = lo; i < v.length && v[i].startsWith(prefix); i++) out.push(v[i]);
    return out;
  }

  /** FTS4 matchinfo 'a': average tokens per column, rounded the way SQLite rounds it. */
  averages(): number[] {
    const n = this.n || 1;
    return this.totals.map((t) => Math.floor(((t % 2 ** 32) + Math.floor(n / 2)) / n));
  }

  finish(): void {
    for (const p of this.terms.values()) {
      p.sort();
      p.trim();
    }
  }
}
