// The change feed (GET /api/changes: source, from, to, includeNoise, significance, page), its Atom
// feed's address (GET /api/changes.atom) and the diff of two captures (GET /api/changes/compare).
// Filter parsing is pure and unit-tested.

import {
  type ArchiveChange,
  CHANGE_TYPES,
  type ChangesPage,
  type ChangeType,
  type CompareResult,
  SIGNIFICANCE_LEVELS,
  type Significance,
} from "../../../shared/archive/changes";
import { isCalendarDate, isSourceCode, MAX_PAGE } from "../../../shared/archive/query-rules";
import type { Lang } from "../../i18n/language";
import { archiveGet } from "./api";
import { addReadersTimeZone } from "./searchFilters";

export {
  type ArchiveChange,
  CHANGE_TYPES,
  type ChangesPage,
  type ChangeType,
  type CompareResult,
  SIGNIFICANCE_LEVELS,
  type Significance,
};

export interface ChangeFilters {
  source: string;
  /** One kind of change, or "" for all. */
  type: ChangeType | "";
  from: string;
  to: string;
  includeNoise: boolean;
  /** This level and every level above it, or "" for the default (all but noise). */
  significance: Significance | "";
  page: number;
}

export const CHANGES_PAGE_SIZE = 20;

type Params = Partial<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim();

export function readChangeFilters(params: Params): ChangeFilters {
  const source = one(params.source);
  const page = Number.parseInt(one(params.page), 10);
  const type = one(params.type) as ChangeType;
  return {
    source: isSourceCode(source) ? source : "",
    type: CHANGE_TYPES.includes(type) ? type : "",
    from: isCalendarDate(one(params.from)) ? one(params.from) : "",
    to: isCalendarDate(one(params.to)) ? one(params.to) : "",
    includeNoise: ["true", "1"].includes(one(params.includeNoise)),
    significance: SIGNIFICANCE_LEVELS.includes(one(params.significance) as Significance)
      ? (one(params.significance) as Significance)
      : "",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** Query for the page address and for the API alike; defaults left out, dates put in order. */
export function changesQuery(f: ChangeFilters): string {
  const [from, to] = f.from && f.to && f.from > f.to ? [f.to, f.from] : [f.from, f.to];
  const out = new URLSearchParams();
  if (f.source) out.set("source", f.source);
  if (from) out.set("from", from);
  if (to) out.set("to", to);
  if (f.type) out.set("type", f.type);
  if (f.includeNoise) out.set("includeNoise", "true");
  if (f.significance) out.set("significance", f.significance);
  if (f.page > 1) out.set("page", String(f.page));
  return out.toString();
}

export function fetchChanges(f: ChangeFilters, language: Lang): Promise<ChangesPage> {
  const q = new URLSearchParams(changesQuery(f));
  q.set("pageSize", String(CHANGES_PAGE_SIZE));
  q.set("lang", language);
  addReadersTimeZone(q);
  return archiveGet<ChangesPage>(`/api/changes?${q}`);
}

/** The Atom feed of the same filters, in the reader's language (the feed's own default level). */
export function feedAddress(f: ChangeFilters, language: Lang): string {
  const q = new URLSearchParams(changesQuery({ ...f, page: 1 }));
  q.set("lang", language);
  addReadersTimeZone(q);
  return `/api/changes.atom?${q}`;
}

/**
 * A later capture's replay with the passages it added since capture `sinceId` marked in the page
 * (the replay computes them), opened at the `n`th (1-based). `replayUrl` is a snapshot's, which
 * already has `?ts=`.
 */
export const markedReplayAddress = (replayUrl: string, sinceId: number, n = 1) =>
  `${replayUrl}${replayUrl.includes("?") ? "&" : "?"}marks-since=${sinceId}#chc-change-${n}`;

/** The app's own diff page for two captures of one page. */
export const compareAddress = (from: number, to: number) => `/archive/compare?from=${from}&to=${to}`;

export function fetchCompare(from: number, to: number, language: Lang): Promise<CompareResult> {
  return archiveGet<CompareResult>(`/api/changes/compare?from=${from}&to=${to}&lang=${language}`);
}
