/**
 * The index's vocabulary: each term gets a dense id. Terms live in one sorted array (found by
 * binary search, listed in order for prefix and typo expansion); terms added since the last merge
 * wait in a small map and are merged in when the sorted order is next needed or when many have
 * gathered. A map of every term would cost several times the memory of the array.
 */

const MERGE_AT = 65_536;

export class TermDictionary {
  private sorted: string[] = [];
  private sortedIds: Int32Array = new Int32Array(0);
  private fresh = new Map<string, number>();
  size = 0;

  /** The term's id, or -1. */
  id(term: string): number {
    const f = this.fresh.get(term);
    if (f !== undefined) return f;
    const i = this.lowerBound(term);
    return i < this.sorted.length && this.sorted[i] === term ? this.sortedIds[i] : -1;
  }

  /** The term's id, adding it when new. */
  add(term: string): number {
    const known = this.id(term);
    if (known >= 0) return known;
    const id = this.size++;
    this.fresh.set(term, id);
    if (this.fresh.size >= MERGE_AT) this.merge();
    return id;
  }

  /** Every term in sorted order (the order FTS4's vocabulary table lists them in). */
  vocabulary(): readonly string[] {
    this.merge();
    return this.sorted;
  }

  /** Terms starting with `prefix`, in vocabulary order (an FTS4 prefix query `prefix*`). */
  prefix(prefix: string): string[] {
    this.merge();
    const out: string[] = [];
    const v = this.sorted;
    for (let i = this.lowerBound(prefix); i < v.length && v[i].startsWith(prefix); i++) out.push(v[i]);
    return out;
  }

  /** The vocabulary in sorted order with each term's id (to hand the dictionary to another thread). */
  exportSorted(): { terms: readonly string[]; ids: Int32Array } {
    this.merge();
    return { terms: this.sorted, ids: this.sortedIds };
  }

  static fromSorted(terms: string[], ids: Int32Array): TermDictionary {
    const d = new TermDictionary();
    d.sorted = terms;
    d.sortedIds = ids;
    d.size = terms.length;
    return d;
  }

  /** Approximate bytes: the strings (V8 keeps short strings with a 16-byte header), array, ids. */
  bytes(): number {
    let n = 0;
    for (const t of this.sorted) n += 16 + t.length;
    for (const t of this.fresh.keys()) n += 48 + t.length;
    return n + 8 * this.sorted.length + this.sortedIds.byteLength;
  }

  private lowerBound(term: string): number {
    const v = this.sorted;
    let lo = 0;
    let hi = v.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v[mid] < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private merge(): void {
    if (!this.fresh.size) return;
    const add = [...this.fresh.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const old = this.sorted;
    const oldIds = this.sortedIds;
    const terms: string[] = new Array(old.length + add.length);
    const ids = new Int32Array(terms.length);
    let i = 0;
    let j = 0;
    for (let k = 0; k < terms.length; k++) {
      if (j >= add.length || (i < old.length && old[i] < add[j])) {
        terms[k] = old[i];
        ids[k] = oldIds[i++];
      } else {
        terms[k] = add[j];
        ids[k] = this.fresh.get(add[j++]) as number;
      }
    }
    this.sorted = terms;
    this.sortedIds = ids;
    this.fresh.clear();
  }
}
