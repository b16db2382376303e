/**
 * The durable store: one sql.js database per module, held in memory, with the disk as the truth.
 *
 * Files under DATA_DIR (see paths.ts): `<name>.sqlite` is the last checkpoint; `<name>.journal`
 * holds every transaction committed since, one checksummed record each, fdatasynced before the
 * write resolves; `<name>.journal.ckpt` is a rotated journal being folded into the file by the
 * checkpoint worker. Opening loads the file and replays the journals (recover.ts).
 *
 * All writes pass one promise queue per store; a transaction runs synchronously inside it, so
 * reads never see half of one. If the journal append fails the transaction rolls back and the
 * write rejects with StorageUnavailableError (503); reads keep working; the next write retries.
 */
import fs from "node:fs";
import path from "node:path";
import type { Database, Statement } from "sql.js";
import { StorageUnavailableError } from "../core/errors.js";
import { CheckpointError, runCheckpointWorker } from "./checkpoint.js";
import { JournalFile } from "./journal.js";
import { encodeRecord, fsyncDir, loadSqlJs, writeFileDurably } from "./journal-codec.mjs";
import { acquireLock, releaseLock } from "./lock.js";
import { currentVersion, upgrade } from "./migrations.js";
import { describeError, isStorageError, type StorePaths, storePaths } from "./paths.js";
import { loadSnapshot, recoverDatabase } from "./recover.js";
import { runTransaction } from "./transaction.js";
import type { SqlParams, Store, StoreLogger, StoreOptions, StoreStatus, Tx } from "./types.js";

const consoleLogger: StoreLogger = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

const STATEMENT_CACHE_SIZE = 200;

export class DurableStore implements Store {
  readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();
  private exclusiveChain: Promise<unknown> = Promise.resolve();
  private statements = new Map<string, Statement>();
  private writable = true;
  private lastError: string | null = null;
  private lastCheckpointAt: string | null = null;
  private closing = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private autoBytes = 0;
  private autoRunning = false;

  constructor(
    readonly name: string,
    private readonly paths: StorePaths,
    private readonly db: Database,
    private readonly logger: StoreLogger,
    /** null for a read-only snapshot. */
    private readonly journal: JournalFile | null,
    private nextSeq: number,
  ) {
    this.file = paths.db;
  }

  all<T = Record<string, unknown>>(sql: string, params?: SqlParams): T[] {
    const stmt = this.prepare(sql);
    try {
      if (params) stmt.bind(params as never);
      const rows: T[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as T);
      return rows;
    } finally {
      stmt.reset();
    }
  }

  get<T = Record<string, unknown>>(sql: string, params?: SqlParams): T | undefined {
    const stmt = this.prepare(sql);
    try {
      if (params) stmt.bind(params as never);
      return stmt.step() ? (stmt.getAsObject() as T) : undefined;
    } finally {
      stmt.reset();
    }
  }

  write<T>(fn: (tx: Tx) => T): Promise<T> {
    if (this.closing) return Promise.reject(new Error(`the ${this.name} store is closed`));
    return this.enqueue(() => this.commit(fn));
  }

  checkpoint(): Promise<void> {
    return this.exclusive(() => this.runCheckpoint());
  }

  backup(file: string): Promise<void> {
    return this.exclusive(async () => {
      const target = path.resolve(file);
      if (target === this.paths.db) throw new Error("the backup file must not be the database file itself");
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const tmp = `${target}.tmp`;
      if (!this.journal) {
        // A read-only snapshot is already consistent; export drops prepared statements.
        this.dropStatements();
        writeFileDurably(target, tmp, this.db.export());
        return;
      }
      await this.runCheckpoint();
      if (!fs.existsSync(this.paths.db)) {
        await runCheckpointWorker({ dbFile: this.paths.db, journals: [], outFile: target, tmpFile: tmp });
        return;
      }
      // The file is only ever replaced by rename under this same lock, so the copy is whole.
      await fs.promises.copyFile(this.paths.db, tmp);
      const fd = fs.openSync(tmp, "r+");
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(tmp, target);
      fsyncDir(path.dirname(target));
    });
  }

  check(): boolean {
    try {
      return this.get<{ ok: number }>("SELECT 1 AS ok")?.ok === 1;
    } catch {
      return false;
    }
  }

  status(): StoreStatus {
    return {
      writable: this.journal ? this.writable : false,
      lastError: this.journal ? this.lastError : "opened read-only",
      journalBytes: this.journal?.size ?? 0,
      lastCheckpointAt: this.lastCheckpointAt,
      schemaVersion: currentVersion(this),
    };
  }

  async close(opts: { checkpoint?: boolean } = {}): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.stopAutoCheckpoint();
    await this.queue;
    await this.exclusiveChain;
    if (this.journal && opts.checkpoint !== false) {
      await this.checkpoint().catch((err) =>
        this.logger.warn(
          { store: this.name, err: describeError(err) },
          "checkpoint at close failed; the journal keeps the data",
        ),
      );
    }
    this.journal?.close();
    this.dropStatements();
    this.db.close();
    if (this.journal) releaseLock(this.paths.lock);
    this.closed = true;
  }

  /** Checkpoints when the journal passes `journalBytes`, and every `intervalMs` if it is not empty. */
  startAutoCheckpoint(opts: { intervalMs?: number; journalBytes?: number }): void {
    this.stopAutoCheckpoint();
    if (!this.journal) return;
    this.autoBytes = opts.journalBytes ?? 0;
    if (opts.intervalMs) {
      this.timer = setInterval(() => {
        if ((this.journal?.size ?? 0) > 0 || fs.existsSync(this.paths.ckpt)) this.autoCheckpoint();
      }, opts.intervalMs);
      this.timer.unref();
    }
  }

  stopAutoCheckpoint(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.autoBytes = 0;
  }

  /** Marks the store read-only after the disk refused the journal; the next write tries again. */
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

  private commit<T>(fn: (tx: Tx) => T): T {
    if (!this.journal) throw new Error(`the ${this.name} store was opened read-only`);
    const journal = this.journal;
    return runTransaction(this.db, fn, (statements) => {
      try {
        journal.append(encodeRecord(this.nextSeq, statements));
      } catch (err) {
        this.markUnwritable(err);
        throw new StorageUnavailableError(
          `the ${this.name} database cannot be written right now (${describeError(err)}); reads keep working, retry later`,
          err,
        );
      }
      this.nextSeq++;
      if (!this.writable) this.logger.info({ store: this.name }, "the disk accepts writes again");
      this.writable = true;
      this.lastError = null;
      if (this.autoBytes > 0 && journal.size >= this.autoBytes) queueMicrotask(() => this.autoCheckpoint());
    });
  }

  private autoCheckpoint(): void {
    if (this.autoRunning || this.closing) return;
    this.autoRunning = true;
    this.checkpoint()
      .catch((err) =>
        this.logger.warn({ store: this.name, err: describeError(err) }, "automatic checkpoint failed"),
      )
      .finally(() => {
        this.autoRunning = false;
      });
  }

  private async runCheckpoint(): Promise<void> {
    if (!this.journal) return;
    const journal = this.journal;
    if (fs.existsSync(this.paths.ckpt)) await this.foldRotatedJournal();
    // Rotate between transactions: the write queue runs this after the last queued commit.
    const rotated = await this.enqueue(() => {
      if (journal.size === 0) return false;
      try {
        journal.rotate(this.paths.ckpt);
      } catch (err) {
        throw new StorageUnavailableError(
          `checkpoint of ${this.name} could not rotate the journal (${describeError(err)})`,
          err,
        );
      }
      return true;
    });
    if (rotated) await this.foldRotatedJournal();
    this.lastCheckpointAt = new Date().toISOString();
  }

  private async foldRotatedJournal(): Promise<void> {
    const job = {
      dbFile: this.paths.db,
      journals: [this.paths.ckpt],
      outFile: this.paths.db,
      tmpFile: this.paths.tmp,
    };
    try {
      await runCheckpointWorker(job);
    } catch (err) {
      const code = err instanceof CheckpointError ? err.code : null;
      if (code && isStorageError(err)) {
        throw new StorageUnavailableError(
          `checkpoint of ${this.name} failed (${code}: ${(err as Error).message})`,
          err,
        );
      }
      throw err;
    }
    // The new file records last_seq, so a crash before this unlink cannot apply anything twice.
    fs.unlinkSync(this.paths.ckpt);
  }

  private enqueue<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.exclusiveChain.then(task);
    this.exclusiveChain = run.catch(() => undefined);
    return run;
  }

  private prepare(sql: string): Statement {
    if (this.closed) throw new Error(`the ${this.name} store is closed`);
    let stmt = this.statements.get(sql);
    if (stmt) {
      this.statements.delete(sql);
    } else {
      stmt = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        const [oldest, old] = this.statements.entries().next().value as [string, Statement];
        old.free();
        this.statements.delete(oldest);
      }
    }
    this.statements.set(sql, stmt);
    return stmt;
  }

  private dropStatements(): void {
    for (const stmt of this.statements.values()) stmt.free();
    this.statements.clear();
  }
}

/** Opens (creating if needed) the module's database under `dataDir`; see StoreOptions. */
export async function createStore(opts: StoreOptions): Promise<DurableStore> {
  const SQL = await loadSqlJs();
  const paths = storePaths(opts.dataDir, opts.name);
  const logger = opts.logger ?? consoleLogger;
  if (opts.readOnly) {
    return new DurableStore(opts.name, paths, await loadSnapshot(SQL, paths), logger, null, 0);
  }
  try {
    fs.mkdirSync(paths.dir, { recursive: true });
  } catch (err) {
    logger.warn({ dir: paths.dir, err: describeError(err) }, "cannot create DATA_DIR");
  }
  const locked = acquireLock(paths.lock);
  try {
    fs.rmSync(paths.tmp, { force: true });
  } catch {
    // A leftover temp file is harmless: the next checkpoint overwrites it.
  }
  let store: DurableStore;
  try {
    const { db, lastSeq } = recoverDatabase(SQL, paths, logger);
    const journal = new JournalFile(paths.journal);
    store = new DurableStore(opts.name, paths, db, logger, journal, lastSeq + 1);
    try {
      journal.open();
    } catch (err) {
      store.markUnwritable(err);
    }
  } catch (err) {
    if (locked) releaseLock(paths.lock);
    throw err;
  }
  try {
    if (opts.migrations) await upgrade(store, opts.migrations);
  } catch (err) {
    await store.close({ checkpoint: false });
    throw err;
  }
  store.startAutoCheckpoint({
    intervalMs: opts.checkpointIntervalMs,
    journalBytes: opts.checkpointJournalBytes,
  });
  return store;
}
