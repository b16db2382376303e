/**
 * Everything the web archive reads or writes through its repository, as one asynchronous
 * interface made of areas (`repository/`). Routes, tasks, the CLI, the crawler's runner, the
 * indexer, editions and offline exports call only this; the SQL lives in a backend
 * (`repository-sqljs/`, `repository-pg/`). Each write method is one transaction: it happens whole,
 * acknowledged once durable, or not at all. Arguments and results are plain values.
 */
import type { CapturesRepository } from "./repository/captures.js";
import type { EditionsRepository } from "./repository/editions.js";
import type { JobsRepository } from "./repository/jobs.js";
import type { MaintenanceRepository } from "./repository/maintenance.js";
import type {
  ChangesRepository,
  ExportsRepository,
  OpsRepository,
  UsageRepository,
} from "./repository/reporting.js";
import type { SearchIndexFeed, SearchRepository } from "./repository/search.js";
import type { SourcesRepository } from "./repository/sources.js";

export type * from "./repository/captures.js";
export type * from "./repository/editions.js";
export type * from "./repository/jobs.js";
export type * from "./repository/maintenance.js";
export type * from "./repository/reporting.js";
export type * from "./repository/search.js";
export type * from "./repository/sources.js";

export interface ArchiveRepository
  extends SourcesRepository,
    JobsRepository,
    CapturesRepository,
    SearchRepository,
    SearchIndexFeed,
    EditionsRepository,
    ChangesRepository,
    ExportsRepository,
    UsageRepository,
    OpsRepository,
    MaintenanceRepository {
  /** The absolute folder WARC files and job folders live under (shared by every machine). */
  readonly warcRoot: string;
  /** Changes whenever any process commits a write: key caches by it. */
  dataVersion(): Promise<number>;
  /** Whether the database answers a query. */
  check(): Promise<boolean>;
}
