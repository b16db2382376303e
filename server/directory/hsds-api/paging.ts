/**
 * The HSDS Page envelope: 1-based pages, `size` = items on this page, `empty` = this page holds
 * none. per_page above the cap is lowered to it (documented on the parameter) rather than refused.
 * With `format=ndjson` a list is not paged: every item is streamed, one JSON object per line, as
 * HSDS's openapi.json describes that format.
 */
import type { Context } from "hono";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "./query.js";

export interface PageRequest {
  page?: number;
  per_page?: number;
  format?: "json" | "ndjson";
}

export const NDJSON = "application/x-ndjson";
/** Items mapped and written per pull: the mapping of a whole list is never held at once. */
const NDJSON_BATCH = 50;

/** The list answer: a JSON page, or, with format=ndjson, every item streamed line by line. */
export function listAnswer<T, U>(
  c: Context,
  items: readonly T[],
  request: PageRequest,
  toItem: (item: T) => U,
  cap = MAX_PER_PAGE,
): Response {
  if (request.format !== "ndjson") return c.json(hsdsPageOf(items, request, toItem, cap), 200);
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const batch = items.slice(next, next + NDJSON_BATCH);
      next += batch.length;
      if (batch.length)
        controller.enqueue(encoder.encode(batch.map((i) => `${JSON.stringify(toItem(i))}\n`).join("")));
      if (next >= items.length) controller.close();
    },
  });
  return c.body(body, 200, { "Content-Type": `${NDJSON}; charset=utf-8` });
}

export function hsdsPageOf<T, U>(
  items: readonly T[],
  request: PageRequest,
  toItem: (item: T) => U,
  cap = MAX_PER_PAGE,
) {
  const pageNumber = request.page ?? 1;
  const perPage = Math.min(request.per_page ?? DEFAULT_PER_PAGE, cap);
  const start = (pageNumber - 1) * perPage;
  const contents = items.slice(start, start + perPage).map(toItem);
  const totalPages = Math.ceil(items.length / perPage);
  return {
    total_items: items.length,
    total_pages: totalPages,
    page_number: pageNumber,
    size: contents.length,
    first_page: pageNumber === 1,
    last_page: pageNumber >= totalPages,
    empty: contents.length === 0,
    contents,
  };
}
