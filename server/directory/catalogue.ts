/**
 * The directory held in memory for reads: every live service and every tombstone, loaded through
 * the repository at start and refreshed record by record after each write. The database stays the
 * truth; this copy lets the listing and the ranking answer without a database read per request.
 * Another process may write too (PostgreSQL): `ready()` compares the repository's newest change
 * number with `lastChange()` and reloads when it is behind. It asks only when the repository's data
 * version moved since the last look: on sql.js that is a counter in memory, so a read runs no query
 * (the `MAX(change_seq)` per request cost more than the rest of the request path).
 * A new array is made on every change so the shared ranking's index (cached per array) refreshes.
 */
import type { DirectoryService, Tombstone } from "../../shared/directory/index.js";
import type { DirectoryRepository, ServicesRepository } from "./repository.js";

/** What the catalogue reads: the services, and the data version that says when to look again. */
export type CatalogueSource = ServicesRepository & Pick<DirectoryRepository, "dataVersion">;

export class Catalogue {
  private byId = new Map<string, DirectoryService>();
  private tombstones = new Map<string, Tombstone>();
  /** Merged-away id → the id of the record it was folded into. */
  private aliases = new Map<string, string>();
  private all: DirectoryService[] = [];
  private byName: DirectoryService[] | null = null;
  private byUpdate: Array<DirectoryService | Tombstone> | null = null;
  /** Each record's change number (migration 005), and the records in that order, built on demand. */
  private changeOf = new Map<string, number>();
  private byChange: Array<DirectoryService | Tombstone> | null = null;
  private serialized = new Map<string, string>();
  /** Bumped on every change: part of the listing's ETag. */
  generation = 0;

  private loading: Promise<void>;

  /** Starts loading at once; requests wait for it through `ready()`. */
  constructor(private readonly repo: CatalogueSource) {
    this.loading = this.reload();
    // A failed first load is reported to the request that waits on it, then tried again.
    this.loading.catch(() => undefined);
  }

  private catchingUp: Promise<void> | null = null;
  /** The data version at the last look that found the copy current; null before the first. */
  private currentAt: number | null = null;

  /**
   * Resolves once the first load is done and the copy holds every change written so far, by this
   * process or another; a failed first load is tried again.
   */
  ready(): Promise<void> {
    return this.loading
      .catch(() => {
        this.loading = this.reload();
        return this.loading;
      })
      .then(() => this.catchUp());
  }

  /** One look at a time, however many requests wait on it. */
  private catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        // Read before the change number: a write landing in between moves it again, so the next
        // request looks again rather than trusting a copy that may have missed it.
        const version = await this.repo.dataVersion();
        if (version === this.currentAt) return;
        if ((await this.repo.latestChange()) > this.lastChange()) await this.reload();
        this.currentAt = version;
      } catch {
        // The database is out of reach: the copy held answers, and the next request looks again.
      } finally {
        this.catchingUp = null;
      }
    })();
    return this.catchingUp;
  }

  async reload(): Promise<void> {
    const { services, tombstones, changes } = await this.repo.loadServices();
    this.byId = new Map(services.map((s) => [s.id, s]));
    this.tombstones = new Map(tombstones.map((t) => [t.id, t]));
    this.changeOf = changes;
    this.changed();
  }

  /** Re-reads one record after a write (it may now be live, changed or a tombstone). */
  async refresh(id: string): Promise<void> {
    const { services, tombstones, changes } = await this.repo.loadServices(id);
    this.byId.delete(id);
    this.tombstones.delete(id);
    this.changeOf.delete(id);
    for (const [changed, n] of changes) this.changeOf.set(changed, n);
    if (services[0]) this.byId.set(id, services[0]);
    if (tombstones[0]) this.tombstones.set(id, tombstones[0]);
    this.changed();
  }

  private changed(): void {
    this.all = [...this.byId.values()];
    this.aliases = new Map(this.all.flatMap((s) => (s.mergedIds ?? []).map((old) => [old, s.id] as const)));
    this.byName = null;
    this.byUpdate = null;
    this.byChange = null;
    this.serialized.clear();
    this.generation++;
  }

  /** A record's JSON, serialised once per change (listing pages and search results reuse it). */
  json(record: DirectoryService | Tombstone): string {
    let text = this.serialized.get(record.id);
    if (text === undefined) {
      text = JSON.stringify(record);
      this.serialized.set(record.id, text);
    }
    return text;
  }

  get(id: string): DirectoryService | undefined {
    return this.byId.get(id);
  }

  /** The live record an id names: its own, or the one it was merged into. */
  resolve(id: string): DirectoryService | undefined {
    const own = this.byId.get(id);
    if (own) return own;
    const kept = this.aliases.get(id);
    return kept === undefined ? undefined : this.byId.get(kept);
  }

  tombstone(id: string): Tombstone | undefined {
    return this.tombstones.get(id);
  }

  /** Live services; the same array until the next change (the ranking caches its index on it). */
  services(): DirectoryService[] {
    return this.all;
  }

  /** Live services in a stable reading order: English name, then id. */
  sortedByName(): DirectoryService[] {
    this.byName ??= [...this.all].sort(
      (a, b) => a.name.en.localeCompare(b.name.en) || (a.id < b.id ? -1 : 1),
    );
    return this.byName;
  }

  /** Live services and tombstones, oldest change first: the order a syncing client pages through. */
  sortedByUpdate(): Array<DirectoryService | Tombstone> {
    this.byUpdate ??= [...this.all, ...this.tombstones.values()].sort((a, b) =>
      a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a.id < b.id ? -1 : 1,
    );
    return this.byUpdate;
  }

  /** updatedAt of the most recent change (live record or tombstone), or null when empty. */
  latestChange(): string | null {
    const ordered = this.sortedByUpdate();
    return ordered.length ? ordered[ordered.length - 1].updatedAt : null;
  }

  /** Live services and tombstones, oldest change first (by change number). */
  private byChangeNumber(): Array<DirectoryService | Tombstone> {
    this.byChange ??= [...this.all, ...this.tombstones.values()].sort(
      (a, b) => this.changeNumber(a.id) - this.changeNumber(b.id),
    );
    return this.byChange;
  }

  /** Live services and tombstones changed after change number `after`, oldest change first. */
  changesAfter(after: number): Array<DirectoryService | Tombstone> {
    const list = this.byChangeNumber();
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.changeNumber(list[mid].id) <= after) lo = mid + 1;
      else hi = mid;
    }
    return list.slice(lo);
  }

  /** A record's change number (0 for an unknown id). */
  changeNumber(id: string): number {
    return this.changeOf.get(id) ?? 0;
  }

  /** The newest change number held (0 when empty): a sync that has read up to it has everything. */
  lastChange(): number {
    const list = this.byChangeNumber();
    return list.length ? this.changeNumber(list[list.length - 1].id) : 0;
  }

  size(): number {
    return this.byId.size;
  }
}
