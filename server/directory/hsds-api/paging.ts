/**
 * The HSDS Page envelope: 1-based pages, `size` = items on this page, `empty` = this page holds
 * none. per_page above the cap is lowered to it (documented on the parameter) rather than refused.
 */
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "./query.js";

export interface PageRequest {
  page?: number;
  per_page?: number;
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
