/**
 * Builds the ranking's index (search-index.ts) from service records, and keeps it up to date:
 * services are added (a newer copy replaces the older) and removed by id, and `build()` lays the
 * result out compactly. The offline app feeds it each sync page as it arrives, and after a later
 * sync starts from the saved index (`from`) with only the services that changed, so it never has
 * to read every record again.
 */
import { serviceFacts, type TokenMemo } from "./index-facts.js";
import { mergePostings, type Postings } from "./index-postings.js";
import { idfFrom } from "./packed-index.js";
import type { SearchIndex } from "./search-index.js";
import type { DirectoryService, Schedule } from "./types.js";

/** Distinct texts whose tokens a builder remembers before starting afresh (bounds its memory). */
const MEMO_LIMIT = 50_000;

/** The per-service columns kept as they are in the index (sites are laid out differently). */
const PLAIN_COLUMNS = [
  "ids",
  "active",
  "category",
  "level",
  "verifiedAt",
  "sortKey",
  "name",
  "helpLine",
  "audience",
  "scheduleOf",
] as const;

/** Per-service facts by position (positions of replaced or removed services are dead). */
type Columns = { [K in (typeof PLAIN_COLUMNS)[number]]: Array<SearchIndex[K][number]> } & {
  sites: number[][];
};

export class SearchIndexBuilder {
  private readonly postings = new Map<string, Postings>();
  private readonly positionOf = new Map<string, number>();
  private readonly dead: number[] = [];
  private readonly c = Object.fromEntries(
    [...PLAIN_COLUMNS, "sites"].map((k) => [k, []]),
  ) as unknown as Columns;
  private readonly schedules: Schedule[] = [];
  private readonly scheduleKeys = new Map<string, number>();
  private readonly memo: TokenMemo = new Map();
  /** The index this builder started from (`from`): positions below its size are its services. */
  private base: SearchIndex | undefined;

  /** A builder holding what `index` holds, to change a few services and build again. */
  static from(index: SearchIndex): SearchIndexBuilder {
    const b = new SearchIndexBuilder();
    const { c } = b;
    for (const key of PLAIN_COLUMNS) (c[key] as unknown[]).push(...index[key]);
    for (let i = 0; i < index.ids.length; i++) {
      const sites: number[] = [];
      for (let k = index.siteStart[i]; k < index.siteStart[i + 1]; k++)
        sites.push(index.siteLat[k], index.siteLng[k]);
      c.sites.push(sites);
      b.positionOf.set(index.ids[i], i);
      b.dead.push(0);
    }
    index.schedules.forEach((s, k) => {
      b.schedules.push(s);
      b.scheduleKeys.set(JSON.stringify(s), k);
    });
    // Its postings stay as they are; build() merges them with those of services added since.
    b.base = index;
    return b;
  }

  /** Live services held. */
  get size(): number {
    return this.positionOf.size;
  }

  /** Adds services; one already held is replaced by the new copy. */
  add(services: readonly DirectoryService[]): this {
    const { c } = this;
    for (const s of services) {
      this.remove([s.id]);
      const i = c.ids.length;
      if (this.memo.size > MEMO_LIMIT) this.memo.clear();
      const f = serviceFacts(s, this.memo);
      for (const [token, weight] of f.words) {
        let p = this.postings.get(token);
        if (!p) {
          p = { ids: [], weights: [] };
          this.postings.set(token, p);
        }
        p.ids.push(i);
        p.weights.push(weight);
      }
      const row = { ...f, ids: s.id, scheduleOf: this.scheduleNumber(f.schedule) };
      for (const key of PLAIN_COLUMNS) (c[key] as unknown[]).push(row[key]);
      c.sites.push(f.sites);
      this.positionOf.set(s.id, i);
      this.dead.push(0);
    }
    return this;
  }

  /** Drops the services with these ids (unknown ids are ignored). */
  remove(ids: readonly string[]): this {
    for (const id of ids) {
      const i = this.positionOf.get(id);
      if (i === undefined) continue;
      this.dead[i] = 1;
      this.positionOf.delete(id);
    }
    return this;
  }

  /** Services share few distinct schedules (24/7, weekdays 9–5…): each is kept once. */
  private scheduleNumber(schedule: Schedule | null): number {
    if (!schedule) return -1;
    const key = JSON.stringify(schedule);
    let k = this.scheduleKeys.get(key);
    if (k === undefined) {
      k = this.schedules.length;
      this.schedules.push(schedule);
      this.scheduleKeys.set(key, k);
    }
    return k;
  }

  /** The index of the live services, positions renumbered without gaps (the builder stays usable). */
  build(): SearchIndex {
    const { c } = this;
    const renumber = new Int32Array(c.ids.length);
    const live: number[] = [];
    for (let i = 0; i < c.ids.length; i++) {
      renumber[i] = this.dead[i] ? -1 : live.length;
      if (!this.dead[i]) live.push(i);
    }
    const { vocabulary, postingStart, postingIds, postingWeights } = mergePostings(
      this.base,
      this.postings,
      renumber,
    );
    const pick = <T>(column: T[]) => live.map((i) => column[i]);
    const siteStart = new Uint32Array(live.length + 1);
    live.forEach((i, k) => {
      siteStart[k + 1] = siteStart[k] + c.sites[i].length / 2;
    });
    const coords = live.flatMap((i) => c.sites[i]);
    // Only the schedules live services still use.
    const used = [...new Set(pick(c.scheduleOf).filter((k) => k >= 0))].sort((a, b) => a - b);
    const scheduleRenumber = new Map(used.map((k, to) => [k, to]));
    return {
      ids: pick(c.ids),
      vocabulary,
      tokenNumbers: new Map(vocabulary.map((t, k) => [t, k])),
      postingStart,
      postingIds,
      postingWeights,
      idf: idfFrom(postingStart, live.length),
      active: Uint8Array.from(pick(c.active)),
      category: Uint8Array.from(pick(c.category)),
      level: Uint8Array.from(pick(c.level)),
      verifiedAt: Float64Array.from(pick(c.verifiedAt)),
      sortKey: pick(c.sortKey),
      name: pick(c.name),
      helpLine: Int8Array.from(pick(c.helpLine)),
      audience: Int32Array.from(pick(c.audience)),
      siteStart,
      siteLat: Float64Array.from(coords.filter((_, k) => k % 2 === 0)),
      siteLng: Float64Array.from(coords.filter((_, k) => k % 2 === 1)),
      schedules: used.map((k) => this.schedules[k]),
      scheduleOf: Int32Array.from(pick(c.scheduleOf), (k) =>
        k < 0 ? -1 : (scheduleRenumber.get(k) as number),
      ),
    };
  }
}

export function buildSearchIndex(services: readonly DirectoryService[]): SearchIndex {
  return new SearchIndexBuilder().add(services).build();
}

const cache = new WeakMap<readonly DirectoryService[], SearchIndex>();
/** The index for this exact array, built on first use. Replace the array to refresh it. */
export function indexFor(services: readonly DirectoryService[]): SearchIndex {
  let index = cache.get(services);
  if (!index) {
    index = buildSearchIndex(services);
    cache.set(services, index);
  }
  return index;
}
