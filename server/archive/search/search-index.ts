/**
 * One in-memory search index per archive store, tied to the module's lifecycle: built after
 * start-up in slices, fed each newly indexed snapshot by the indexer, and used by search.ts only
 * while it holds exactly the snapshots the database holds (otherwise FTS4 answers, so results never
 * depend on timing). If it falls behind (snapshots written by another path) or the database is
 * replaced, it is rebuilt.
 * ARCHIVE_SEARCH_MEMORY_INDEX=0 (config) turns it off: FTS4 answers everything, with far less memory.
 */
import type { Reader } from "../../db/types.js";
import { buildMemoryIndex } from "./index-build.js";
import type { DocMeta, MemoryIndex } from "./memory-index.js";

export interface IndexedText {
  id: number;
  title: string;
  url: string;
  text: string;
}

interface Handle {
  ix: MemoryIndex | null;
  building: boolean;
  stopped: boolean;
  /** Texts indexed while a build runs, applied once it ends. */
  pending: IndexedText[];
  staleSince: number | null;
  /** Duration of the last completed build. */
  buildMs: number | null;
  onError: (err: unknown) => void;
}

const handles = new WeakMap<Reader, Handle>();
const STALE_REBUILD_MS = 10_000;

/** Starts building the store's index; `stop()` abandons it (module stop, store closed). */
export function startSearchIndex(
  db: Reader,
  onError: (err: unknown) => void,
  enabled = true,
): { stop(): void } {
  const h: Handle = {
    ix: null,
    building: false,
    stopped: false,
    pending: [],
    staleSince: null,
    buildMs: null,
    onError,
  };
  if (enabled) {
    handles.set(db, h);
    rebuild(db, h);
  }
  return {
    stop() {
      h.stopped = true;
      h.ix = null;
      h.pending = [];
      if (handles.get(db) === h) handles.delete(db);
    },
  };
}

function rebuild(db: Reader, h: Handle): void {
  if (h.building || h.stopped) return;
  h.building = true;
  const t0 = performance.now();
  buildMemoryIndex(db, { stopped: () => h.stopped })
    .then((ix) => {
      if (h.stopped || !ix) return;
      h.buildMs = Math.round(performance.now() - t0);
      const pending = h.pending.filter((t) => t.id > ix.maxId);
      h.pending = [];
      h.ix = ix;
      h.staleSince = null;
      addTexts(db, ix, pending);
    })
    .catch((err) => h.onError(err))
    .finally(() => {
      h.building = false;
      h.pending = [];
    });
}

/** The index when it matches the database (highest snapshot id `top`), else null. */
export function currentIndex(db: Reader, top: number): MemoryIndex | null {
  const h = handles.get(db);
  if (!h || h.stopped) return null;
  const ix = h.ix;
  if (ix?.usable && ix.maxId === top) {
    h.staleSince = null;
    return ix;
  }
  if (!h.building) {
    const now = Date.now();
    if (ix && top < ix.maxId) rebuild(db, h);
    else if (h.staleSince === null) h.staleSince = now;
    else if (now - h.staleSince > STALE_REBUILD_MS) rebuild(db, h);
  }
  return null;
}

/** For /api/health?details=1: whether the index serves, and its size. */
export function searchIndexStatus(db: Reader): Record<string, unknown> {
  const h = handles.get(db);
  if (!h) return { state: "off" };
  return {
    state: h.ix ? "ready" : h.building ? "building" : "waiting",
    rebuilding: Boolean(h.ix && h.building),
    documents: h.ix?.n ?? 0,
    terms: h.ix?.terms.size ?? 0,
    buildMs: h.buildMs,
  };
}

/** True once the store's index holds every snapshot (tests wait for it). */
export function searchIndexReady(db: Reader): boolean {
  const top = db.get<{ m: number | null }>("SELECT MAX(id) AS m FROM snapshots")?.m ?? 0;
  return currentIndex(db, top) !== null;
}

/** Called by the indexer after each committed batch with the new snapshots' indexed text. */
export function feedSearchIndex(db: Reader, texts: IndexedText[]): void {
  const h = handles.get(db);
  if (!h || h.stopped || !texts.length) return;
  if (h.building) h.pending.push(...texts);
  else if (h.ix) addTexts(db, h.ix, texts);
}

function addTexts(db: Reader, ix: MemoryIndex, texts: IndexedText[]): void {
  const fresh = texts.filter((t) => t.id > ix.maxId).sort((a, b) => a.id - b.id);
  if (!fresh.length) return;
  // A snapshot in the range that was never fed would be missing: stay stale instead (currentIndex
  // then rebuilds).
  const inRange = db.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots WHERE id > ? AND id <= ?", [
    ix.maxId,
    fresh[fresh.length - 1].id,
  ])?.n;
  if (inRange !== fresh.length) return;
  const ids = fresh.map((t) => t.id);
  const metas = new Map(
    db
      .all<DocMeta>(
        `SELECT id, normalized_url_group AS "group", url, capture_timestamp AS ts, status_code AS status,
                is_duplicate AS duplicate, source_id AS sourceId, language FROM snapshots
          WHERE id IN (${ids.map(() => "?").join(",")})`,
        ids,
      )
      .map((m) => [m.id, m]),
  );
  for (const t of fresh) {
    const m = metas.get(t.id);
    if (!m) return;
    ix.addDoc(m, [0, 0, 0]);
    ix.addText(t.id, [t.title, t.url, t.text]);
  }
}
