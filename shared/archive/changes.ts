/**
 * The archive's change feed and its two-capture diff, as the server computes them and the web
 * pages show them (GET /api/changes and GET /api/changes/compare).
 */
export const CHANGE_TYPES = ["new_page", "updated", "removed"] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/**
 * How much a change matters, least first: noise (dates, counters, spacing only), minor (a few
 * words), moderate (sentences or a section), major (most of the text, the title, or headings
 * added or removed).
 */
export const SIGNIFICANCE_LEVELS = ["noise", "minor", "moderate", "major"] as const;
export type Significance = (typeof SIGNIFICANCE_LEVELS)[number];

/** What a level was computed from; the reason is written from these in the reader's language. */
export interface SignificanceFacts {
  /** Words changed (added plus removed) over the words of both captures, 0..1, three decimals. */
  shareChanged: number;
  /** Words added plus words removed. */
  wordsChanged: number;
  titleChanged: boolean;
  headingsAdded: string[];
  headingsRemoved: string[];
  /** Headings of the sections where the text changed (the page's own words). */
  headingsTouched: string[];
}

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
  significance: Significance;
  significanceFacts: SignificanceFacts;
  /** Why the change got its level, in plain words and the language asked for. */
  significanceReason: string;
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
  significance: Significance;
  /** Null for changes computed before levels were stored (their level comes from the line counts). */
  significanceFacts: SignificanceFacts | null;
  significanceReason: string;
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
