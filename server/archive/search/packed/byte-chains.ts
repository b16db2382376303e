/**
 * Many append-only byte lists (one per term) kept in a few large buffers instead of one small
 * array each. A list is its compacted part (a contiguous range of `base`) followed by the chunks
 * appended since, chained through a chunk table and carved out of 1 MiB slabs. `compact()` copies
 * every list into one new exact-size `base`, so a built index carries no growth slack.
 * Writers append whole entries at a time, so no entry ever straddles two chunks.
 */

const SLAB_BYTES = 1 << 20;
const MIN_CHUNK = 32;
const MAX_GROWTH_CHUNK = 64 * 1024;

function grownInt32(a: Int32Array, size: number, fill = 0): Int32Array {
  if (size <= a.length) return a;
  const next = new Int32Array(Math.max(size, Math.ceil(a.length * 1.5), 64));
  next.set(a);
  if (fill) next.fill(fill, a.length);
  return next;
}

export class ByteChains {
  base: Uint8Array = new Uint8Array(0);
  baseOff: Int32Array = new Int32Array(0);
  baseLen: Int32Array = new Int32Array(0);
  /** First and last appended chunk of each list (-1: none). */
  head: Int32Array = new Int32Array(0);
  tail: Int32Array = new Int32Array(0);
  lists = 0;
  // The chunk table: where each chunk lives, how full it is and which chunk follows it.
  chunkSlab: Int32Array = new Int32Array(0);
  chunkOff: Int32Array = new Int32Array(0);
  chunkUsed: Int32Array = new Int32Array(0);
  chunkCap: Int32Array = new Int32Array(0);
  chunkNext: Int32Array = new Int32Array(0);
  chunks = 0;
  slabs: Uint8Array[] = [];
  private slabFree = 0;

  /** Makes room for lists `0..n-1` (new lists start empty). */
  ensureLists(n: number): void {
    if (n <= this.lists) return;
    this.baseOff = grownInt32(this.baseOff, n);
    this.baseLen = grownInt32(this.baseLen, n);
    this.head = grownInt32(this.head, n, -1);
    this.tail = grownInt32(this.tail, n, -1);
    this.lists = n;
  }

  /** Bytes held in slabs (appended since the last compaction), slack included. */
  slabBytes(): number {
    let n = 0;
    for (const s of this.slabs) n += s.length;
    return n;
  }

  /** Appends `bytes[start, end)` to `list` as one unit. */
  append(list: number, bytes: Uint8Array, start: number, end: number): void {
    const len = end - start;
    if (!len) return;
    const t = this.tail[list];
    if (t >= 0 && this.chunkCap[t] - this.chunkUsed[t] >= len) {
      this.slabs[this.chunkSlab[t]].set(bytes.subarray(start, end), this.chunkOff[t] + this.chunkUsed[t]);
      this.chunkUsed[t] += len;
      return;
    }
    // Each new chunk of a list doubles the last one (from small, whatever the packed part's size:
    // a feed touches thousands of lists, and most get a few bytes).
    const next = t >= 0 ? this.chunkCap[t] * 2 : MIN_CHUNK;
    const cap = Math.max(len, Math.min(next, MAX_GROWTH_CHUNK));
    const c = this.newChunk(cap);
    this.slabs[this.chunkSlab[c]].set(bytes.subarray(start, end), this.chunkOff[c]);
    this.chunkUsed[c] = len;
    if (t >= 0) this.chunkNext[t] = c;
    else this.head[list] = c;
    this.tail[list] = c;
  }

  private newChunk(cap: number): number {
    if (cap > this.slabFree) {
      this.slabs.push(new Uint8Array(Math.max(SLAB_BYTES, cap)));
      this.slabFree = this.slabs[this.slabs.length - 1].length;
    }
    const c = this.chunks++;
    if (c >= this.chunkSlab.length) {
      this.chunkSlab = grownInt32(this.chunkSlab, c + 1);
      this.chunkOff = grownInt32(this.chunkOff, c + 1);
      this.chunkUsed = grownInt32(this.chunkUsed, c + 1);
      this.chunkCap = grownInt32(this.chunkCap, c + 1);
      this.chunkNext = grownInt32(this.chunkNext, c + 1);
    }
    const slab = this.slabs.length - 1;
    this.chunkSlab[c] = slab;
    this.chunkOff[c] = this.slabs[slab].length - this.slabFree;
    this.chunkCap[c] = cap;
    this.chunkNext[c] = -1;
    this.slabFree -= cap;
    return c;
  }

  /** Empties a list (its old bytes are dropped at the next compaction; only while building). */
  clear(list: number): void {
    this.baseLen[list] = 0;
    this.head[list] = -1;
    this.tail[list] = -1;
  }

  /** Total bytes of one list. */
  length(list: number): number {
    let n = this.baseLen[list];
    for (let c = this.head[list]; c >= 0; c = this.chunkNext[c]) n += this.chunkUsed[c];
    return n;
  }

  /**
   * Copies every list into one exact-size buffer and frees the slabs. The packed part is shared
   * memory, so other threads can read it as it is (it is never written again).
   */
  compact(): void {
    let total = 0;
    for (let l = 0; l < this.lists; l++) total += this.length(l);
    const base = new Uint8Array(new SharedArrayBuffer(total));
    const baseOff = new Int32Array(new SharedArrayBuffer(4 * this.lists));
    const baseLen = new Int32Array(new SharedArrayBuffer(4 * this.lists));
    let at = 0;
    for (let l = 0; l < this.lists; l++) {
      const off = at;
      base.set(this.base.subarray(this.baseOff[l], this.baseOff[l] + this.baseLen[l]), at);
      at += this.baseLen[l];
      for (let c = this.head[l]; c >= 0; c = this.chunkNext[c]) {
        const o = this.chunkOff[c];
        base.set(this.slabs[this.chunkSlab[c]].subarray(o, o + this.chunkUsed[c]), at);
        at += this.chunkUsed[c];
      }
      baseOff[l] = off;
      baseLen[l] = at - off;
    }
    this.base = base;
    this.baseOff = baseOff;
    this.baseLen = baseLen;
    const n = this.lists;
    this.head = new Int32Array(n).fill(-1);
    this.tail = new Int32Array(n).fill(-1);
    this.chunkSlab = new Int32Array(0);
    this.chunkOff = new Int32Array(0);
    this.chunkUsed = new Int32Array(0);
    this.chunkCap = new Int32Array(0);
    this.chunkNext = new Int32Array(0);
    this.chunks = 0;
    this.slabs = [];
    this.slabFree = 0;
  }

  /** Bytes held by this structure's buffers. */
  bytes(): number {
    // Four Int32 arrays per list, five per chunk.
    return (
      this.base.byteLength + this.slabBytes() + 4 * (4 * this.baseOff.length + 5 * this.chunkSlab.length)
    );
  }
}
