/**
 * One page of the offline app's incremental sync (GET /api/v1/services?changed_after=N): the
 * records whose last change came after change number N, in change order, live ones in full and
 * deleted or merged-away ones as tombstones. Paging is by change number, not offset, so a record
 * changed while a client pages moves past the pages still to come instead of shifting them.
 */
import type { z } from "@hono/zod-openapi";
import { ApiError } from "../core/errors.js";
import type { Catalogue } from "./catalogue.js";
import type { ListQuery } from "./schemas.js";

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
  const changes = catalogue
    .changesAfter(after)
    .filter((s) => !q.category || "deleted" in s || s.category === q.category);
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
  return `{"data":[${page.map((r) => catalogue.json(r)).join(",")}],"meta":${JSON.stringify(meta)}}`;
}
