/**
 * A compact in-memory copy of the snapshot columns that search filters, groups and sorts on
 * (group, capture time, status, duplicate flag, source, language), so a broad full-text match
 * is ranked and filtered in JavaScript instead of joining every matching row in sql.js.
 * Snapshots are append-only, so the copy is refreshed by reading only ids above the last one.
 */
import type { Reader } from "../../db/types.js";

export interface SnapshotMeta {
  group: string;
  url: string;
  ts: string;
  ok: boolean;
  duplicate: boolean;
  sourceId: number | null;
  language: string | null;
}

const caches = new WeakMap<
  Reader,
  { maxId: number; byId: Map<number, SnapshotMeta>; groups: Map<string, string> }
>();

export function snapshotMeta(db: Reader): Map<number, SnapshotMeta> {
  let c = caches.get(db);
  if (!c) {
    c = { maxId: 0, byId: new Map(), groups: new Map() };
    caches.set(db, c);
  }
  const top = db.get<{ m: number | null }>("SELECT MAX(id) AS m FROM snapshots")?.m ?? 0;
  if (top < c.maxId) {
    // The database was replaced (restore): start over.
    c.maxId = 0;
    c.byId.clear();
  }
  if (top > c.maxId) {
    const rows = db.all<{
      id: number;
      g: string | null;
      url: string;
      ts: string;
      st: number | null;
      d: number;
      s: number | null;
      l: string | null;
    }>(
      "SELECT id, normalized_url_group AS g, url, capture_timestamp AS ts, status_code AS st, is_duplicate AS d, source_id AS s, language AS l FROM snapshots WHERE id > ?",
      [c.maxId],
    );
    for (const r of rows) {
      const g = r.g ?? r.url;
      // Intern group strings: many captures share one.
      let group = c.groups.get(g);
      if (group === undefined) {
        group = g;
        c.groups.set(g, g);
      }
      c.byId.set(r.id, {
        group,
        url: r.url,
        ts: r.ts,
        ok: r.st !== null && r.st >= 200 && r.st <= 299,
        duplicate: r.d === 1,
        sourceId: r.s,
        language: r.l,
      });
    }
    c.maxId = top;
  }
  return c.byId;
}
