/**
 * The search threads of one archive store: a primary worker that builds and learns the index,
 * and replicas that read what it hands them (shared memory) so several searches run at once.
 * Starts them, starts them again when they die (FTS4 answers meanwhile), and picks which one
 * answers a search: a worker holding exactly the database's snapshots, the least busy first.
 */
import { availableParallelism } from "node:os";
import { MessageChannel } from "node:worker_threads";
import type { ArchiveRepository } from "../repository.js";
import { type BuildControl, buildInWorker } from "./index-build.js";
import type { IndexStats } from "./worker/protocol.js";
import { SearchWorkerClient } from "./worker/search-worker-client.js";

export interface SearchIndexOptions {
  /** Replica workers (default: one per core beyond the first, at most 3). */
  replicas?: number;
  /** Replicas start once the index holds this many snapshots (below it a search takes microseconds). */
  replicaMinDocs?: number;
  /** How long after the last feed the primary hands its index to the replicas again. */
  quietMs?: number;
  /** Where the index is saved and read back at start (null: always built from FTS4). */
  file?: string | null;
  /** How long after the last feed the primary saves its index again. */
  saveQuietMs?: number;
}

export interface Pool {
  db: ArchiveRepository;
  options: Required<SearchIndexOptions>;
  primary: SearchWorkerClient | null;
  replicas: SearchWorkerClient[];
  /** idle: no snapshot yet, so no worker (the first one starts it). */
  state: "idle" | "starting" | "building" | "ready" | "restarting";
  stopped: boolean;
  /** The highest snapshot id the primary holds once it has read every message sent to it. */
  fedTo: number;
  /** False once a snapshot went unfed (written by another path): FTS4 answers until a rebuild. */
  complete: boolean;
  staleSince: number | null;
  buildMs: number | null;
  /** Where the serving index came from: the saved file, or a build from FTS4. */
  source: "file" | "build" | null;
  restarts: number;
  failuresInARow: number;
  timers: Set<NodeJS.Timeout>;
  onError: (err: unknown) => void;
}

const RESTART_DELAY_MS = 500;

export const defaultOptions = (): Required<SearchIndexOptions> => ({
  replicas: Math.max(0, Math.min(3, availableParallelism() - 1)),
  replicaMinDocs: 20_000,
  quietMs: 1000,
  file: null,
  saveQuietMs: 30_000,
});

function later(pool: Pool, ms: number, fn: () => void): void {
  const t = setTimeout(() => {
    pool.timers.delete(t);
    if (!pool.stopped) fn();
  }, ms);
  t.unref();
  pool.timers.add(t);
}

/** Lets every worker go (module stop, or before a fresh start). */
export function stopWorkers(pool: Pool): void {
  const all = [pool.primary, ...pool.replicas];
  pool.primary = null;
  pool.replicas = [];
  for (const c of all) void c?.terminate();
}

/** A new primary and a full build (any previous workers are let go first). */
export function launch(pool: Pool): void {
  if (pool.stopped) return;
  stopWorkers(pool);
  const primary = new SearchWorkerClient(
    {
      role: "primary",
      quietMs: pool.options.quietMs,
      saveTo: pool.options.file,
      saveQuietMs: pool.options.saveQuietMs,
    },
    (c, reason) => died(pool, c, reason),
    pool.onError,
  );
  pool.primary = primary;
  pool.state = "starting";
  pool.fedTo = 0;
  pool.complete = true;
  pool.staleSince = null;
  const t0 = performance.now();
  pool.source = null;
  loadOrBuild(pool, primary, {
    stopped: () => pool.stopped || pool.primary !== primary,
    covers: (upTo) => {
      pool.state = "building";
      pool.fedTo = Math.max(pool.fedTo, upTo);
    },
  })
    .then((stats) => {
      if (!stats || pool.primary !== primary) return;
      pool.state = "ready";
      pool.buildMs = Math.round(performance.now() - t0);
      pool.failuresInARow = 0;
      ensureReplicas(pool);
    })
    .catch((err) => {
      if (pool.primary !== primary) return;
      pool.onError(err);
      void primary.terminate();
    });
}

/** The index saved beside the database when it holds exactly its snapshots, else a build from FTS4. */
async function loadOrBuild(
  pool: Pool,
  primary: SearchWorkerClient,
  control: BuildControl,
): Promise<IndexStats | null> {
  const file = pool.options.file;
  if (file) {
    // Read together, between writes: no write can slip in between the two.
    const { maxId, count } = await pool.db.indexStart((start) => control.covers(start.maxId));
    const cover = { maxId, count };
    if (control.stopped()) return null;
    const loaded = await primary.load(file, cover);
    if (loaded || control.stopped()) {
      pool.source = "file";
      return loaded;
    }
  }
  pool.source = "build";
  return buildInWorker(pool.db, primary, control);
}

/** Starts the replicas the index is big enough for. */
export function ensureReplicas(pool: Pool): void {
  const primary = pool.primary;
  if (pool.stopped || pool.state !== "ready" || !primary?.alive) return;
  if ((primary.stats?.documents ?? 0) < pool.options.replicaMinDocs) return;
  while (pool.replicas.length < pool.options.replicas) {
    const { port1, port2 } = new MessageChannel();
    primary.post({ type: "replica-port", port: port1 }, [port1]);
    const replica = new SearchWorkerClient(
      { role: "replica", quietMs: 0, port: port2 },
      (c, reason) => died(pool, c, reason),
      pool.onError,
    );
    pool.replicas.push(replica);
  }
}

/** A worker ended without being asked to: FTS4 (or the other workers) answer while it is replaced. */
function died(pool: Pool, client: SearchWorkerClient, reason: Error): void {
  // Workers let go on purpose are no longer in the pool.
  if (pool.stopped || (pool.primary !== client && !pool.replicas.includes(client))) return;
  pool.restarts++;
  pool.onError(reason);
  if (pool.primary !== client) {
    pool.replicas = pool.replicas.filter((r) => r !== client);
    later(pool, RESTART_DELAY_MS, () => ensureReplicas(pool));
    return;
  }
  // The replicas read the primary's index: the whole pool starts again.
  stopWorkers(pool);
  pool.state = "restarting";
  pool.failuresInARow++;
  // Back off when it keeps failing (at most a minute between attempts).
  later(pool, Math.min(60_000, RESTART_DELAY_MS * 2 ** (pool.failuresInARow - 1)), () => launch(pool));
}

/** The least busy worker holding exactly the snapshots up to `top`, or null. */
export function pickWorker(pool: Pool, top: number): SearchWorkerClient | null {
  const primary = pool.primary;
  if (pool.state !== "ready" || !primary || !pool.complete || pool.fedTo !== top) return null;
  if (primary.stats?.usable === false) return null;
  let best = primary;
  for (const r of pool.replicas) {
    if (!r.alive || r.stats?.maxId !== top) continue;
    const busy = r.inFlight() - best.inFlight();
    if (busy < 0 || (busy === 0 && r.answered < best.answered)) best = r;
  }
  return best;
}
