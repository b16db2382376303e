/** Snapshots (captures) and what is read about them one by one. */
export interface NewSnapshot {
  job_id: number;
  source_id: number | null;
  url: string;
  normalized_url_group: string | null;
  capture_timestamp: string;
  mime_type: string | null;
  status_code: number | null;
  title: string | null;
  snippet: string | null;
  language: string | null;
  capture_backend: string;
  capture_fidelity: "high" | "fallback" | "unknown";
  provenance_json: string;
  /** Absolute path of the WARC file (stored relative to the WARC root when under it). */
  warc_path: string;
  warc_record_id: string | null;
  content_hash: string | null;
  /** Indexed for full-text search, not stored. */
  text: string;
}

/** A captured redirect (a 3xx answer with a Location): where its address led. */
export interface NewRedirect {
  url: string;
  normalized_url_group: string;
  capture_timestamp: string;
  status_code: number;
  target_url: string;
  target_group: string;
}

export interface SnapshotRow extends Omit<NewSnapshot, "text"> {
  id: number;
  raw_snapshot_path: string | null;
  is_duplicate: number;
  created_at: string;
  updated_at: string;
}

/** A search result's columns, with its source. */
export interface SnapshotCard {
  id: number;
  title: string | null;
  code: string | null;
  name: string | null;
  name_fr: string | null;
  language: string | null;
  ts: string;
  job_id: number | null;
  url: string;
  snippet: string | null;
  /** The capture's Content-Type (text/html, application/pdf…). */
  mime_type: string | null;
}

/** A WARC file the captures point into (absolute path) and the bytes they need: the end of its furthest record. */
export interface WarcExtent {
  path: string;
  bytes: number;
}

export interface CapturesRepository {
  /**
   * Writes a batch of captures of one job with their full-text rows and the job's new page count,
   * in one transaction; returns the new ids in order. A capture repeating an earlier body of the
   * same page is marked a duplicate.
   */
  recordCaptures(jobId: number, captures: readonly NewSnapshot[], now: string): Promise<number[]>;
  /** Keeps a job's captured redirects (those already kept are left as they are), for search by address. */
  recordRedirects(jobId: number, redirects: readonly NewRedirect[]): Promise<void>;
  /**
   * How many captures a `recordCaptures` call should carry at most, when the backend prefers
   * another size than the indexer's default (PostgreSQL writes a batch in a few statements).
   */
  readonly captureBatchSize?: number;
  /**
   * How many `recordCaptures` calls of a job may be under way at once (default one). The backend
   * gives their snapshots ids and commits them in the order of the calls, none after one that
   * failed; the work it can do side by side overlaps. Batches under way at once should hold
   * different pages (URL groups): a batch sharing one with the batch before it waits for it.
   */
  readonly captureBatchesAtOnce?: number;
  /** WARC record ids already indexed for the job. */
  indexedRecordIds(jobId: number): Promise<Set<string>>;
  countSnapshots(): Promise<number>;
  countSnapshotsOfJob(jobId: number): Promise<number>;
  maxSnapshotId(): Promise<number>;
  firstSnapshotId(): Promise<number | undefined>;
  getSnapshot(id: number): Promise<SnapshotRow | undefined>;
  snapshotsOfJob(jobId: number): Promise<SnapshotRow[]>;
  /** The captures of the same page just before and after this one. */
  snapshotNeighbours(s: Pick<SnapshotRow, "id" | "normalized_url_group" | "capture_timestamp">): Promise<{
    prev: number | null;
    next: number | null;
  }>;
  /** The newest 2xx capture of each source, with its code. */
  latestCapturePerSource(): Promise<{ job_id: number; url: string; code: string }[]>;
  snapshotCards(ids: readonly number[]): Promise<SnapshotCard[]>;
  /** The WARC files the captures of these jobs (of every job without `jobIds`) point into, by path. */
  warcExtents(jobIds?: readonly number[]): Promise<WarcExtent[]>;
}
