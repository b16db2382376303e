/** Reading one list of a ByteChains (byte-chains.ts) from its first byte to its last. */
import type { ByteChains } from "./byte-chains.js";

/**
 * Reads one list as consecutive ranges: `buf[pos, end)` is the current range and `advance()`
 * moves to the next one. Decoders check for the end of a range only between entries.
 */
export class ChainCursor {
  buf: Uint8Array = new Uint8Array(0);
  pos = 0;
  end = 0;
  private next = -1;
  private chains: ByteChains | null = null;

  open(chains: ByteChains, list: number): this {
    this.chains = chains;
    this.buf = chains.base;
    this.pos = chains.baseOff[list];
    this.end = this.pos + chains.baseLen[list];
    this.next = chains.head[list];
    return this;
  }

  /** Moves to the next non-empty range; false at the end of the list. */
  advance(): boolean {
    const ch = this.chains as ByteChains;
    while (this.next >= 0) {
      const c = this.next;
      this.next = ch.chunkNext[c];
      if (!ch.chunkUsed[c]) continue;
      this.buf = ch.slabs[ch.chunkSlab[c]];
      this.pos = ch.chunkOff[c];
      this.end = this.pos + ch.chunkUsed[c];
      return true;
    }
    return false;
  }

  /** True when no range follows the current one (a packed list has one range). */
  lastRange(): boolean {
    return this.next < 0;
  }

  /** True while bytes remain (moving to the next range when the current one is used up). */
  more(): boolean {
    return this.pos < this.end || this.advance();
  }

  varint(): number {
    const b = this.buf;
    let x = b[this.pos++];
    if (x < 0x80) return x;
    let v = x & 0x7f;
    for (let mul = 128; ; mul *= 128) {
      x = b[this.pos++];
      v += (x & 0x7f) * mul;
      if (x < 0x80) return v;
    }
  }

  /** Skips `n` varints (the positions of a posting that is not wanted). */
  skipVarints(n: number): void {
    const b = this.buf;
    let p = this.pos;
    while (n > 0) if (b[p++] < 0x80) n--;
    this.pos = p;
  }
}
