/**
 * A small cache of recent rankings. People ask the same few things ("food bank", "shelter") over
 * and over; a ranking depends only on the catalogue, the query and its options, and the minute
 * (open-now), so it is reused until the catalogue changes or the minute turns. Bounded (LRU).
 */
import type { RankResult } from "../../shared/directory/index.js";

export class SearchCache {
  private entries = new Map<string, RankResult>();
  private generation = -1;
  private minute = -1;

  constructor(private readonly max = 256) {}

  get(key: string, generation: number, now: Date, compute: () => RankResult): RankResult {
    const minute = Math.floor(now.getTime() / 60_000);
    if (generation !== this.generation || minute !== this.minute) {
      this.entries.clear();
      this.generation = generation;
      this.minute = minute;
    }
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert to mark it most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = compute();
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
