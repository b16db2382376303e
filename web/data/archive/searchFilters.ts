// The archive search form's state as it lives in the page address (/archive?q=&source=&from=&to=
// &language=&view=&page=), and the matching GET /api/search query. Pure functions, unit-tested.
import {
  isCalendarDate,
  isSourceCode,
  MAX_PAGE,
  MAX_QUERY_LENGTH,
} from "../../../shared/archive/query-rules";

export interface SearchFilters {
  q: string;
  source: string;
  from: string;
  to: string;
  language: "" | "en" | "fr";
  view: "pages" | "snapshots";
  page: number;
}

type Params = Partial<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim();

/** Reads the address's parameters, dropping values the API would refuse (so a bad link still works). */
export function readSearchFilters(params: Params): SearchFilters {
  const source = one(params.source);
  const language = one(params.language);
  const page = Number.parseInt(one(params.page), 10);
  return {
    q: one(params.q).slice(0, MAX_QUERY_LENGTH),
    source: isSourceCode(source) ? source : "",
    from: isCalendarDate(one(params.from)) ? one(params.from) : "",
    to: isCalendarDate(one(params.to)) ? one(params.to) : "",
    language: language === "en" || language === "fr" ? language : "",
    view: one(params.view) === "snapshots" ? "snapshots" : "pages",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** True when the form asks for something: words, or at least one filter (browsing newest first). */
export function wantsSearch(f: SearchFilters): boolean {
  return Boolean(f.q || f.source || f.from || f.to || f.language);
}

/** The address query for these filters; defaults are left out so links stay short. */
export function searchAddress(f: SearchFilters): string {
  const out = new URLSearchParams();
  if (f.q) out.set("q", f.q);
  if (f.source) out.set("source", f.source);
  if (f.from) out.set("from", f.from);
  if (f.to) out.set("to", f.to);
  if (f.language) out.set("language", f.language);
  if (f.view !== "pages") out.set("view", f.view);
  if (f.page > 1) out.set("page", String(f.page));
  return out.toString();
}

/** GET /api/search query: the address's filters plus the page size. Dates in the wrong order are swapped. */
export function searchApiQuery(f: SearchFilters, pageSize: number): string {
  const [from, to] = f.from && f.to && f.from > f.to ? [f.to, f.from] : [f.from, f.to];
  const out = new URLSearchParams(searchAddress({ ...f, from, to }));
  out.set("view", f.view);
  out.set("page", String(f.page));
  out.set("pageSize", String(pageSize));
  addReadersTimeZone(out);
  return out.toString();
}

/**
 * With a day range, the reader's time zone: the server reads the days in it, so a page captured at
 * 21:00 in Vancouver, shown as that evening, is found on that day and not the next (UTC's).
 */
export function addReadersTimeZone(query: URLSearchParams): void {
  if (!query.has("from") && !query.has("to")) return;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) query.set("tz", zone);
}
