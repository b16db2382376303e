/**
 * The storage interface every module codes against. One Store per module, one sql.js database
 * file per module under DATA_DIR (`<DATA_DIR>/<module>.sqlite`, journal beside it).
 *
 * sql.js keeps the database in memory; the disk is the truth. A write resolves only once its
 * statements are in the fsynced journal, so an acknowledged write survives `kill -9`.
 * SQL stays inside each module's queries/store file, behind functions named for what they do.
 *
 * Rule for writers: statements are journaled and replayed, so they must be deterministic.
 * Pass timestamps and random ids as parameters; never use datetime('now') or random() in a write.
 */
export type SqlValue = string | number | bigint | null | Uint8Array;
export type SqlParams = readonly SqlValue[] | Readonly<Record<string, SqlValue>>;
export type Row = Record<string, SqlValue>;

export interface RunResult {
  changes: number;
  lastInsertRowid: number;
}

/** Reads. Synchronous: the database is in memory. */
export interface Reader {
  all<T = Row>(sql: string, params?: SqlParams): T[];
  get<T = Row>(sql: string, params?: SqlParams): T | undefined;
}

/** A transaction handle, valid only inside the `write` callback. */
export interface Tx extends Reader {
  run(sql: string, params?: SqlParams): RunResult;
  /** Nested atomic unit (SAVEPOINT): if `fn` throws, only its statements roll back, then the error rethrows. */
  savepoint<T>(fn: (tx: Tx) => T): T;
}

export interface Migration {
  /** Increasing integer, unique within the module. */
  version: number;
  name: string;
  up: string | ((tx: Tx) => void);
  down: string | ((tx: Tx) => void);
}

export interface StoreStatus {
  /** false after the disk refused a write (ENOSPC, EACCES...); reads keep working. */
  writable: boolean;
  lastError: string | null;
  journalBytes: number;
  lastCheckpointAt: string | null;
  schemaVersion: number;
  /**
   * Why writes are refused until an operator acts (a journal damaged in the middle, or files
   * changed by another process), or null. Health reports such a store as unhealthy.
   */
  damaged: string | null;
}

/**
 * What a health check needs, kept current by the store as things happen (a refused write, a
 * damaged journal, a lost lock, a failed read, closing), so reading it runs no query.
 */
export interface StoreHealth {
  /** false once the store is closed or its last read failed at the database level. */
  readable: boolean;
  writable: boolean;
  damaged: string | null;
}

export interface Store extends Reader {
  readonly name: string;
  readonly file: string;
  /**
   * Changes whenever a write transaction ends (committed or rolled back), so a view computed from
   * the data can be cached under it and a write is visible at once.
   */
  readonly dataVersion: number;
  /**
   * Runs `fn` in one transaction through the module's single write queue. Resolves with fn's
   * result once durable; rejects (and rolls back) if fn throws. If the disk refuses the journal
   * write, rolls back and rejects with StorageUnavailableError (503).
   * `fn` must be synchronous: no awaiting inside a transaction.
   */
  write<T>(fn: (tx: Tx) => T): Promise<T>;
  /** Writes the in-memory state to the database file (off the main thread) and truncates the journal. */
  checkpoint(): Promise<void>;
  /** Writes a consistent copy of the database to `file` while the server keeps running. */
  backup(file: string): Promise<void>;
  /** true when `SELECT 1` answers. */
  check(): boolean;
  status(): StoreStatus;
  health(): StoreHealth;
  /**
   * Waits for queued writes, checkpoints, closes. `{ checkpoint: false }` skips the checkpoint
   * (the journal stays and is replayed on the next open), as after a crash.
   */
  close(opts?: { checkpoint?: boolean }): Promise<void>;
}

/** The subset of a pino logger the store uses; `console` is the fallback. */
export interface StoreLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface StoreOptions {
  dataDir: string;
  /** Module name: the file is `<dataDir>/<name>.sqlite`, the journal `<name>.journal`. */
  name: string;
  logger?: StoreLogger;
  /** When given, the database is upgraded to the latest revision on open. */
  migrations?: Migration[];
  /**
   * Opens a consistent snapshot without taking the writer's lock and without touching the
   * files (for CLI reads and backups while the server runs). Writes reject.
   */
  readOnly?: boolean;
  /** Checkpoint when the journal grows past this many bytes (config CHECKPOINT_JOURNAL_BYTES). */
  checkpointJournalBytes?: number;
  /** Checkpoint on this interval when the journal is not empty (config CHECKPOINT_INTERVAL_MS). */
  checkpointIntervalMs?: number;
}

/**
 * Files a module keeps beside its database that a restore needs (the archive's WARC files), as the
 * module lists them from its rows: `path` is relative to `root`, or absolute for a file outside it.
 * `bytes`, when given, is the smallest size that holds everything the rows point at in the file.
 */
export interface HeldFile {
  path: string;
  bytes?: number;
}

export interface HeldFiles {
  /** The absolute folder the relative paths are under (the archive's ARCHIVE_WARC_DIR). */
  root: string;
  /** What the files are, for people: "WARC files". */
  kind: string;
  list(): Promise<HeldFile[]>;
}
