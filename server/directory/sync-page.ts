/**
 * One page of the offline app's incremental sync (GET /api/v1/services?changed_after=N): the
 * records whose last change came after change number N, in change order, live ones in full and
 * deleted or merged-away ones as tombstones. Paging is by change number, not offset, so a record
 * changed while a client pages moves past the pages still to come instead of shifting them.
 * With a category, a changed record outside it comes as a filtered-out marker (see `syncJson`).
 */
import type { z } from "@hono/zod-openapi";
import type { Category, DirectoryService, Tombstone } from "../../shared/directory/index.js";
import { ApiError } from "../core/errors.js";
import type { Catalogue } from "./catalogue.js";
import type { ListQuery } from "./schemas.js";

/**
 * A changed record as a sync filtered by `category` sends it: in full when it matches, a tombstone
 * when deleted, and otherwise a tombstone marked `filteredOut`. The server keeps no past
 * categories, so it cannot tell whether the record left the category or never was in it; a copy
 * of that category drops the id if it holds it, and otherwise has nothing to do.
 */
export function syncJson(
  catalogue: Catalogue,
  record: DirectoryService | Tombstone,
  category: Category | undefined,
): string {
  if (!category || "deleted" in record || record.category === category) return catalogue.json(record);
  // Not through catalogue.json: its cache holds the full record under this id.
  return JSON.stringify({ id: record.id, deleted: true, updatedAt: record.updatedAt, filteredOut: true });
}

/** A sync page is never kept by a cache: a stale copy handed back would pass for the server's answer. */
export const SYNC_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
};

export function syncPage(
  catalogue: Catalogue,
  q: z.infer<typeof ListQuery>,
  limit: number,
  serverTime: string,
): string {
  const mixed = (["updated_since", "q", "page", "offset"] as const).filter((k) => q[k] !== undefined);
  if (mixed.length > 0)
    throw new ApiError(
      "ValidationError",
      `"changed_after" pages by itself: leave out ${mixed.map((k) => `"${k}"`).join(" and ")} ` +
        '(pass meta.nextCursor as the next "changed_after").',
    );
  const after = q.changed_after ?? 0;
  const changes = catalogue.changesAfter(after);
  const page = changes.slice(0, limit);
  const last = page.at(-1);
  const meta = {
    total: changes.length,
    limit,
    offset: 0,
    nextCursor: changes.length > limit && last ? String(catalogue.changeNumber(last.id)) : null,
    serverTime,
    lastChange: catalogue.lastChange(),
  };
  return `{"data":[${page.map((r) => syncJson(catalogue, r, q.category)).join(",")}],"meta":${JSON.stringify(meta)}}`;
}
