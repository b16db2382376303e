/**
 * One packed search index per archive store, held by a worker thread and tied to the module's
 * lifecycle: built after start-up from FTS4's segments, fed each newly indexed snapshot by the
 * indexer, and asked by search.ts only while it holds exactly the snapshots the database holds
 * (otherwise FTS4 answers on the main thread, so results never depend on timing). If the worker
 * dies it is started again and rebuilds; if the index falls behind (snapshots written by another
 * path) or the database is replaced, a fresh worker rebuilds it.
 * ARCHIVE_SEARCH_MEMORY_INDEX=0 (config) turns it off: FTS4 answers everything, with far less memory.
 */
import type { Reader } from "../../db/types.js";
import { buildInWorker } from "./index-build.js";
import { countSnapshotsBetween, maxSnapshotId, readDocMetasOf, sourceIdOf } from "./index-reads.js";
import type { PageOutcome } from "./memory-search.js";
import type { SearchParams } from "./search-types.js";
import type { SearchKind } from "./worker/protocol.js";
import { SearchWorkerClient } from "./worker/search-worker-client.js";

export interface IndexedText {
  id: number;
  title: string;
  url: string;
  text: string;
}

interface Handle {
  db: Reader;
  client: SearchWorkerClient | null;
  /** idle: no snapshot yet, so no worker (the first one starts it). */
  state: "idle" | "starting" | "building" | "ready" | "restarting";
  stopped: boolean;
  /** The highest snapshot id the worker holds once it has read every message sent to it. */
  fedTo: number;
  /** False once a snapshot went unfed (written by another path): FTS4 answers until a rebuild. */
  complete: boolean;
  staleSince: number | null;
  buildMs: number | null;
  restarts: number;
  failuresInARow: number;
  restartTimer: NodeJS.Timeout | null;
  onError: (err: unknown) => void;
}

const handles = new WeakMap<Reader, Handle>();
const STALE_REBUILD_MS = 10_000;
const RESTART_DELAY_MS = 500;

/** Starts the store's search worker and its build; `stop()` ends both (module stop, store closed). */
export function startSearchIndex(
  db: Reader,
  onError: (err: unknown) => void,
  enabled = true,
): { stop(): void } {
  const h: Handle = {
    db,
    client: null,
    state: "starting",
    stopped: false,
    fedTo: 0,
    complete: true,
    staleSince: null,
    buildMs: null,
    restarts: 0,
    failuresInARow: 0,
    restartTimer: null,
    onError,
  };
  if (enabled) {
    handles.set(db, h);
    // An empty archive needs no thread until its first snapshot.
    if (maxSnapshotId(db) > 0) launch(h);
    else h.state = "idle";
  }
  return {
    stop() {
      h.stopped = true;
      if (h.restartTimer) clearTimeout(h.restartTimer);
      const client = h.client;
      h.client = null;
      void client?.terminate();
      if (handles.get(db) === h) handles.delete(db);
    },
  };
}

/** A new worker and a full build (any previous worker is let go first). */
function launch(h: Handle): void {
  if (h.stopped) return;
  const old = h.client;
  h.client = null;
  void old?.terminate();
  const client = new SearchWorkerClient((c, reason) => died(h, c, reason), h.onError);
  h.client = client;
  h.state = "starting";
  h.fedTo = 0;
  h.complete = true;
  h.staleSince = null;
  const t0 = performance.now();
  buildInWorker(h.db, client, {
    stopped: () => h.stopped || h.client !== client,
    covers: (upTo) => {
      h.state = "building";
      h.fedTo = Math.max(h.fedTo, upTo);
    },
  })
    .then((stats) => {
      if (!stats || h.client !== client) return;
      h.state = "ready";
      h.buildMs = Math.round(performance.now() - t0);
      h.failuresInARow = 0;
    })
    .catch((err) => {
      if (h.client !== client) return;
      h.onError(err);
      void client.terminate();
    });
}

/** The worker ended without being asked to: FTS4 answers while a new one builds. */
function died(h: Handle, client: SearchWorkerClient, reason: Error): void {
  if (h.stopped || h.client !== client) return;
  h.client = null;
  h.state = "restarting";
  h.restarts++;
  h.failuresInARow++;
  h.onError(reason);
  // Back off when it keeps failing (at most a minute between attempts).
  const delay = Math.min(60_000, RESTART_DELAY_MS * 2 ** (h.failuresInARow - 1));
  h.restartTimer = setTimeout(() => {
    h.restartTimer = null;
    launch(h);
  }, delay);
  h.restartTimer.unref();
}

/** The worker when its index holds exactly the database's snapshots (highest id `top`), else null. */
function workerFor(db: Reader, top: number): SearchWorkerClient | null {
  const h = handles.get(db);
  if (h?.state === "idle" && top > 0) launch(h);
  if (!h || h.stopped || h.state !== "ready" || !h.client) return null;
  if (h.complete && h.fedTo === top && h.client.stats?.usable !== false) {
    h.staleSince = null;
    return h.client;
  }
  if (top < h.fedTo)
    launch(h); // the database was replaced (a restore): start over
  else if (h.staleSince === null) h.staleSince = Date.now();
  else if (Date.now() - h.staleSince > STALE_REBUILD_MS) launch(h);
  return null;
}

/** The index's answer for a database whose highest snapshot id is `top`, or null (FTS4 answers). */
export async function searchWithIndex(
  db: Reader,
  p: SearchParams,
  kind: SearchKind,
  top: number,
): Promise<PageOutcome | null> {
  const client = workerFor(db, top);
  if (!client) return null;
  const answer = await client.search(p, kind, sourceIdOf(db, p.source));
  return answer && answer.maxId === top ? answer.outcome : null;
}

/** For /api/health?details=1: whether the index serves, its size and its restarts. */
export function searchIndexStatus(db: Reader): Record<string, unknown> {
  const h = handles.get(db);
  if (!h) return { state: "off" };
  const s = h.client?.stats;
  return {
    state: h.state,
    documents: s?.documents ?? 0,
    terms: s?.terms ?? 0,
    bytes: s?.bytes ?? 0,
    bytesPerSnapshot: s?.documents ? Math.round(s.bytes / s.documents) : null,
    workerHeapBytes: s?.heapUsed ?? 0,
    workerBufferBytes: s?.external ?? 0,
    buildMs: h.buildMs,
    restarts: h.restarts,
  };
}

/** True once the store's index holds every snapshot (tests wait for it). */
export function searchIndexReady(db: Reader): boolean {
  return workerFor(db, maxSnapshotId(db)) !== null;
}

/** The store's worker thread, for tests that need to stop it the hard way. */
export function searchWorkerOf(db: Reader): SearchWorkerClient["worker"] | null {
  return handles.get(db)?.client?.worker ?? null;
}

/** Called by the indexer after each committed batch with the new snapshots' indexed text. */
export function feedSearchIndex(db: Reader, texts: IndexedText[]): void {
  const h = handles.get(db);
  if (h?.state === "idle" && !h.stopped) return launch(h);
  // Before a build has read its range, or while restarting, the next build covers these.
  if (!h || h.stopped || !h.client || (h.state !== "building" && h.state !== "ready")) return;
  const fresh = texts.filter((t) => t.id > h.fedTo).sort((a, b) => a.id - b.id);
  if (!fresh.length || !h.complete) return;
  const last = fresh[fresh.length - 1].id;
  // A snapshot in the range that was never fed would be missing: stay stale instead (a rebuild follows).
  const metas =
    countSnapshotsBetween(db, h.fedTo, last) === fresh.length
      ? readDocMetasOf(
          db,
          fresh.map((t) => t.id),
        )
      : [];
  if (metas.length !== fresh.length) {
    h.complete = false;
    return;
  }
  h.client.post({
    type: "feed",
    docs: fresh.map((t, i) => ({ meta: metas[i], title: t.title, url: t.url, text: t.text })),
  });
  h.fedTo = last;
}
