/**
 * One packed search index per archive repository, held by worker threads (search-workers.ts) and tied
 * to the module's lifecycle. Its whole interface: start (build), feed (add), search (phrases
 * included) and status. It is built after start-up from FTS4's segments, fed each newly indexed
 * snapshot by the indexer, and asked by run-search.ts only while it holds exactly the snapshots the
 * database holds (otherwise FTS4 answers on the main thread, so results never depend on timing).
 * If it falls behind (snapshots written by another path) or the database is replaced, it is
 * rebuilt. ARCHIVE_SEARCH_MEMORY_INDEX=0 (config) turns it off: FTS4 answers everything.
 */
import type { ArchiveRepository } from "../repository.js";
import type { PageOutcome } from "./memory-search.js";
import type { SearchParams } from "./search-types.js";
import {
  defaultOptions,
  ensureReplicas,
  launch,
  type Pool,
  pickWorker,
  type SearchIndexOptions,
  stopWorkers,
} from "./search-workers.js";
import type { SearchKind } from "./worker/protocol.js";

export type { SearchIndexOptions } from "./search-workers.js";

export interface IndexedText {
  id: number;
  title: string;
  url: string;
  text: string;
}

/** Keyed by the repository: one per store (repository-of.ts). */
const pools = new WeakMap<ArchiveRepository, Pool>();
const STALE_REBUILD_MS = 10_000;

/** Starts the store's search workers and build; `stop()` ends them (module stop, store closed). */
export function startSearchIndex(
  db: ArchiveRepository,
  onError: (err: unknown) => void,
  enabled = true,
  options: SearchIndexOptions = {},
): { stop(): void } {
  const pool: Pool = {
    db,
    options: { ...defaultOptions(), ...options },
    primary: null,
    replicas: [],
    state: "idle",
    stopped: false,
    fedTo: 0,
    complete: true,
    staleSince: null,
    buildMs: null,
    source: null,
    restarts: 0,
    failuresInARow: 0,
    timers: new Set(),
    onError,
  };
  if (enabled) {
    pools.set(db, pool);
    // An empty archive needs no thread until its first snapshot.
    void db.maxSnapshotId().then((top) => {
      if (top > 0 && pool.state === "idle" && !pool.stopped) launch(pool);
    }, onError);
  }
  return {
    stop() {
      pool.stopped = true;
      for (const t of pool.timers) clearTimeout(t);
      stopWorkers(pool);
      if (pools.get(db) === pool) pools.delete(db);
    },
  };
}

/** A worker whose index holds exactly the database's snapshots (highest id `top`), else null. */
function workerFor(db: ArchiveRepository, top: number) {
  const pool = pools.get(db);
  if (!pool || pool.stopped) return null;
  if (pool.state === "idle" && top > 0) launch(pool);
  const worker = pickWorker(pool, top);
  if (worker) {
    pool.staleSince = null;
    return worker;
  }
  if (pool.state !== "ready") return null;
  if (top < pool.fedTo)
    launch(pool); // the database was replaced (a restore): start over
  else if (pool.staleSince === null) pool.staleSince = Date.now();
  else if (Date.now() - pool.staleSince > STALE_REBUILD_MS) launch(pool);
  return null;
}

/** The index's answer for a database whose highest snapshot id is `top`, or null (FTS4 answers). */
export async function searchWithIndex(
  db: ArchiveRepository,
  p: SearchParams,
  kind: SearchKind,
  top: number,
): Promise<PageOutcome | null> {
  const sourceId = await db.sourceIdOf(p.source);
  // Picked and asked in one step, so concurrent searches see each other's load.
  const worker = workerFor(db, top);
  if (!worker) return null;
  const answer = await worker.search(p, kind, sourceId);
  return answer && answer.maxId === top ? answer.outcome : null;
}

/** For /api/health?details=1: whether the index serves, its size, its workers and restarts. */
export function searchIndexStatus(db: ArchiveRepository): Record<string, unknown> {
  const pool = pools.get(db);
  if (!pool) return { state: "off" };
  const s = pool.primary?.stats;
  return {
    state: pool.state,
    documents: s?.documents ?? 0,
    terms: s?.terms ?? 0,
    bytes: s?.bytes ?? 0,
    bytesPerSnapshot: s?.documents ? Math.round(s.bytes / s.documents) : null,
    buildMs: pool.buildMs,
    source: pool.source,
    fileMissed: pool.primary?.loadMissed ?? null,
    // The highest snapshot id the saved file holds (null: none saved or read yet).
    fileUpTo: pool.primary?.saved?.maxId ?? null,
    restarts: pool.restarts,
    workers: [pool.primary, ...pool.replicas].flatMap((w) =>
      w
        ? [
            {
              role: w.role.role,
              maxId: w.stats?.maxId ?? null,
              answered: w.answered,
              heapBytes: w.stats?.heapUsed ?? 0,
              bufferBytes: w.stats?.external ?? 0,
            },
          ]
        : [],
    ),
  };
}

/** True once the repository's index holds every snapshot up to `top` (tests on sql.js wait for it). */
export function searchIndexReady(db: ArchiveRepository, top: number): boolean {
  return workerFor(db, top) !== null;
}

/** The repository's worker threads, primary first, for tests that need to stop one the hard way. */
export function searchWorkersOf(db: ArchiveRepository) {
  const pool = pools.get(db);
  return pool ? [pool.primary, ...pool.replicas].flatMap((w) => (w ? [w.worker] : [])) : [];
}

/** Called by the indexer after each committed batch with the new snapshots' indexed text. */
export async function feedSearchIndex(db: ArchiveRepository, texts: IndexedText[]): Promise<void> {
  const pool = pools.get(db);
  if (!pool || pool.stopped) return;
  if (pool.state === "idle") {
    launch(pool);
    return;
  }
  // Before a build has read its range, or while restarting, the next build covers these.
  const primary = pool.primary;
  if (!primary || (pool.state !== "building" && pool.state !== "ready")) return;
  const fresh = texts.filter((t) => t.id > pool.fedTo).sort((a, b) => a.id - b.id);
  if (!fresh.length || !pool.complete) return;
  const last = fresh[fresh.length - 1].id;
  // A snapshot in the range that was never fed would be missing: stay stale instead (a rebuild follows).
  const from = pool.fedTo;
  const metas =
    (await db.countSnapshotsBetween(from, last)) === fresh.length
      ? await db.readDocMetasOf(fresh.map((t) => t.id))
      : [];
  // A build that started meanwhile covers these snapshots itself.
  if (pool.primary !== primary || pool.fedTo !== from) return;
  if (metas.length !== fresh.length) {
    pool.complete = false;
    return;
  }
  primary.post({
    type: "feed",
    docs: fresh.map((t, i) => ({ meta: metas[i], title: t.title, url: t.url, text: t.text })),
  });
  pool.fedTo = last;
  ensureReplicas(pool);
}
