/**
 * The durable store itself (see store.ts for the files it keeps and how it opens): sync reads on
 * the in-memory sql.js database with a small prepared-statement cache, and one write queue whose
 * transactions commit in memory only after their journal record is fdatasynced.
 */
import fs from "node:fs";
import path from "node:path";
import type { Database } from "sql.js";
import { Checkpointer } from "./checkpointer.js";
import { StorageUnavailableError } from "./errors.js";
import type { JournalFile } from "./journal.js";
import { encodeRecord, writeFileDurably } from "./journal-codec.mjs";
import { currentVersion } from "./migrations.js";
import { describeError, type StorePaths } from "./paths.js";
import { StatementCache } from "./statement-cache.js";
import { StoreReads } from "./store-reads.js";
import { runTransaction } from "./transaction.js";
import type { SqlParams, Store, StoreHealth, StoreLogger, StoreStatus, Tx } from "./types.js";
import type { WriteAccess } from "./write-access.js";
import { currentWriteGate, writeAfterTimeout } from "./write-gate.js";

export class DurableStore implements Store {
  readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly statements: StatementCache;
  private readonly checkpointer: Checkpointer | null;
  private writable = true;
  private lastError: string | null = null;
  private closing = false;
  private closed = false;
  /** Cached for status(); cleared when a write ends. */
  private schemaVersion: number | null = null;
  private readonly reads: StoreReads;
  private version = 0;

  constructor(
    readonly name: string,
    private readonly paths: StorePaths,
    private readonly db: Database,
    private readonly logger: StoreLogger,
    /** null for a read-only snapshot. */
    private readonly journal: JournalFile | null,
    private nextSeq: number,
    /** The writer lock and damage checks; null for a read-only snapshot. */
    private readonly access: WriteAccess | null = null,
    /** For a read-only snapshot: where its journal is damaged, so the copy stops short. */
    private readonly snapshotDamage: string | null = null,
  ) {
    this.file = paths.db;
    this.statements = new StatementCache(db);
    this.reads = new StoreReads(name, this.statements, logger, () => this.closed);
    this.checkpointer = journal
      ? new Checkpointer(
          name,
          paths,
          journal,
          (task) => this.enqueue(task),
          logger,
          () => this.access?.ready === true,
        )
      : null;
  }

  get dataVersion(): number {
    return this.version;
  }

  all<T = Record<string, unknown>>(sql: string, params?: SqlParams): T[] {
    return this.reads.all<T>(sql, params);
  }

  get<T = Record<string, unknown>>(sql: string, params?: SqlParams): T | undefined {
    return this.reads.get<T>(sql, params);
  }

  write<T>(fn: (tx: Tx) => T): Promise<T> {
    if (this.closing) return Promise.reject(new Error(`the ${this.name} store is closed`));
    // A request past its time limit was answered 503: none of its writes may begin after that.
    const gate = currentWriteGate();
    if (gate?.hasExpired) return Promise.reject(writeAfterTimeout(this.name));
    const run = this.enqueue(() => {
      if (gate && !gate.begin()) throw writeAfterTimeout(this.name);
      return this.commit(fn);
    });
    // After COMMIT or ROLLBACK, before the writer resumes: reads made while the transaction was
    // open (they see its statements) were cached under the old version and are recomputed.
    run.then(this.bumpVersion, this.bumpVersion);
    return run;
  }

  private readonly bumpVersion = () => {
    this.version++;
  };

  checkpoint(): Promise<void> {
    // Without the lock, or with a damaged journal, the files are left exactly as they are.
    if (!this.access?.ready) return Promise.resolve();
    return this.checkpointer?.checkpoint() ?? Promise.resolve();
  }

  async backup(file: string): Promise<void> {
    const target = path.resolve(file);
    if (target === this.paths.db) throw new Error("the backup file must not be the database file itself");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (this.checkpointer && this.access?.ready) return this.checkpointer.backup(target);
    // A read-only snapshot (or a store that cannot write) is consistent already; export() frees
    // prepared statements.
    this.statements.clear();
    writeFileDurably(target, `${target}.tmp`, this.db.export());
  }

  check(): boolean {
    try {
      return this.get<{ ok: number }>("SELECT 1 AS ok")?.ok === 1;
    } catch {
      return false;
    }
  }

  health(): StoreHealth {
    return {
      readable: !this.closed && this.reads.failure === null,
      writable: this.journal && !this.access?.damaged ? this.writable : false,
      damaged: this.access?.damaged ?? this.snapshotDamage,
    };
  }

  status(): StoreStatus {
    this.schemaVersion ??= currentVersion(this);
    return {
      writable: this.journal && !this.access?.damaged ? this.writable : false,
      lastError: this.journal ? (this.access?.damaged ?? this.lastError) : "opened read-only",
      journalBytes: this.journal?.size ?? 0,
      lastCheckpointAt: this.checkpointer?.lastCheckpointAt ?? null,
      schemaVersion: this.schemaVersion,
      damaged: this.access?.damaged ?? this.snapshotDamage,
    };
  }

  async close(opts: { checkpoint?: boolean } = {}): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.checkpointer?.stop();
    await this.queue;
    await this.checkpointer?.idle();
    if (this.checkpointer && this.access?.ready && opts.checkpoint !== false) {
      await this.checkpointer
        .checkpoint()
        .catch((err) =>
          this.logger.warn(
            { store: this.name, err: describeError(err) },
            "checkpoint at close failed; the journal keeps the data",
          ),
        );
    }
    this.journal?.close();
    this.statements.clear();
    this.db.close();
    this.access?.release();
    this.closed = true;
  }

  /** Checkpoints when the journal passes `journalBytes`, and every `intervalMs` if it is not empty. */
  startAutoCheckpoint(opts: { intervalMs?: number; journalBytes?: number }): void {
    this.checkpointer?.start(opts);
  }

  stopAutoCheckpoint(): void {
    this.checkpointer?.stop();
  }

  /** Marks the store unwritable after the disk refused the journal; the next write tries again. */
  markUnwritable(err: unknown): void {
    if (this.writable) {
      this.logger.error(
        { store: this.name, err: describeError(err) },
        "the disk refused the journal; writes answer 503 until it accepts them again, reads keep working",
      );
    }
    this.writable = false;
    this.lastError = describeError(err);
  }

  private commit<T>(fn: (tx: Tx) => T): T | Promise<T> {
    const access = this.access;
    if (!this.journal || !access) throw new Error(`the ${this.name} store was opened read-only`);
    if (access.ready) return this.commitHoldingLock(fn, this.journal);
    const journal = this.journal;
    return access.ensure().then(
      () => this.commitHoldingLock(fn, journal),
      (err) => {
        if (!access.damaged) this.markUnwritable(err);
        throw err;
      },
    );
  }

  private commitHoldingLock<T>(fn: (tx: Tx) => T, journal: JournalFile): T | Promise<T> {
    return runTransaction(this.db, fn, (statements) =>
      journal.append(encodeRecord(this.nextSeq, statements)).then(
        () => {
          this.nextSeq++;
          this.schemaVersion = null;
          if (!this.writable) this.logger.info({ store: this.name }, "the disk accepts writes again");
          this.writable = true;
          this.lastError = null;
          this.checkpointer?.afterCommit();
        },
        (err) => {
          this.schemaVersion = null;
          this.markUnwritable(err);
          throw new StorageUnavailableError(
            `the ${this.name} database cannot be written right now (${describeError(err)}); reads keep working, retry later`,
            err,
          );
        },
      ),
    );
  }

  private enqueue<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
