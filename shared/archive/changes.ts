/**
 * The archive's change feed and its two-capture diff, as the server computes them and the web
 * pages show them (GET /api/changes and GET /api/changes/compare).
 */
export const CHANGE_TYPES = ["new_page", "updated", "removed"] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** Lines added and removed under one heading of the page (the page's own words). */
export interface ChangedSection {
  section: string;
  added: number;
  removed: number;
}

/** What changed between two captures of one page, measured on their extracted text. */
export interface PageDiff {
  addedLines: number;
  removedLines: number;
  changedSections: ChangedSection[];
  /** Changed lines over all lines of both captures, 0..1 with three decimals. */
  changeRatio: number;
  /** Only dates, numbers or spacing moved. */
  highNoise: boolean;
  summary: string;
}

/** GET /api/changes/compare: the diff of two captures, with its escaped HTML view. */
export interface CompareResult extends PageDiff {
  from: { id: number; captureTimestamp: string };
  to: { id: number; captureTimestamp: string };
  url: string;
  /** Escaped lines wrapped in <p> (kept), <del> (removed) or <ins> (added). */
  html: string;
}

/** One entry of GET /api/changes. */
export interface ArchiveChange {
  id: number;
  type: ChangeType;
  url: string;
  title: string | null;
  /** The page's own language (its title and section names are its words); null when unknown. */
  pageLanguage: string | null;
  sourceCode: string | null;
  jobId: number | null;
  capturedAt: string;
  /** Written by the server in the language asked for. */
  summary: string | null;
  addedLines: number | null;
  removedLines: number | null;
  changedSections: ChangedSection[];
  changeRatio: number | null;
  highNoise: boolean;
  snapshotId: number | null;
  previousSnapshotId: number | null;
  compareUrl: string | null;
}

export interface ChangesPage {
  changes: ArchiveChange[];
  total: number;
  page: number;
  pageSize: number;
}
