/**
 * Checkpoints and backups of one store. A checkpoint rotates `<name>.journal` to
 * `<name>.journal.ckpt` between two transactions (through the store's write queue), then the
 * worker folds it into `<name>.sqlite` (temp file, fsync, rename) and the rotated journal is
 * deleted. One checkpoint or backup at a time; a large store folds in a worker (checkpoint.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { CheckpointError, runCheckpoint } from "./checkpoint.js";
import { StorageUnavailableError } from "./errors.js";
import type { JournalFile } from "./journal.js";
import { fsyncDir } from "./journal-codec.mjs";
import { describeError, isStorageError, type StorePaths } from "./paths.js";
import type { StoreLogger } from "./types.js";

export class Checkpointer {
  lastCheckpointAt: string | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private autoBytes = 0;
  private autoRunning = false;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly paths: StorePaths,
    private readonly journal: JournalFile,
    /** Runs a task in the store's write queue, between transactions. */
    private readonly enqueue: <T>(task: () => T | Promise<T>) => Promise<T>,
    private readonly logger: StoreLogger,
    /** false while this process may not touch the files (no lock yet, or a damaged journal). */
    private readonly allowed: () => boolean = () => true,
  ) {}

  checkpoint(): Promise<void> {
    return this.exclusive(() => this.run());
  }

  /** Checkpoints, then copies the file: it only changes by rename under this same lock. */
  backup(target: string): Promise<void> {
    return this.exclusive(async () => {
      const tmp = `${target}.tmp`;
      await this.run();
      if (!fs.existsSync(this.paths.db)) {
        // Nothing was ever written: a fold of no journal produces an empty database file.
        await runCheckpoint({ dbFile: this.paths.db, journals: [], outFile: target, tmpFile: tmp });
        return;
      }
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

  /** Waits for a running checkpoint or backup. */
  idle(): Promise<unknown> {
    return this.chain;
  }

  start(opts: { intervalMs?: number; journalBytes?: number }): void {
    this.stop();
    this.stopped = false;
    this.autoBytes = opts.journalBytes ?? 0;
    if (opts.intervalMs) {
      this.timer = setInterval(() => {
        if (this.journal.size > 0 || fs.existsSync(this.paths.ckpt)) this.auto();
      }, opts.intervalMs);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.autoBytes = 0;
    this.stopped = true;
  }

  /** Called after each commit: checkpoints once the journal passes the configured size. */
  afterCommit(): void {
    if (this.autoBytes > 0 && this.journal.size >= this.autoBytes) queueMicrotask(() => this.auto());
  }

  private auto(): void {
    if (this.autoRunning || this.stopped) return;
    this.autoRunning = true;
    this.checkpoint()
      .catch((err) =>
        this.logger.warn({ store: this.name, err: describeError(err) }, "automatic checkpoint failed"),
      )
      .finally(() => {
        this.autoRunning = false;
      });
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async run(): Promise<void> {
    if (!this.allowed()) return;
    // A rotated journal left by an interrupted checkpoint goes in first, keeping the order.
    if (fs.existsSync(this.paths.ckpt)) await this.fold();
    const rotated = await this.enqueue(async () => {
      if (this.journal.size === 0) return false;
      try {
        await this.journal.rotate(this.paths.ckpt);
      } catch (err) {
        throw new StorageUnavailableError(
          `checkpoint of ${this.name} could not rotate the journal (${describeError(err)})`,
          err,
        );
      }
      return true;
    });
    if (rotated) await this.fold();
    this.lastCheckpointAt = new Date().toISOString();
  }

  private async fold(): Promise<void> {
    const job = {
      dbFile: this.paths.db,
      journals: [this.paths.ckpt],
      outFile: this.paths.db,
      tmpFile: this.paths.tmp,
    };
    try {
      await runCheckpoint(job);
    } catch (err) {
      if (err instanceof CheckpointError && isStorageError(err)) {
        throw new StorageUnavailableError(
          `checkpoint of ${this.name} failed (${err.code}: ${err.message})`,
          err,
        );
      }
      throw err;
    }
    // The new file records last_seq, so a crash before this unlink cannot apply anything twice.
    await fs.promises.unlink(this.paths.ckpt);
  }
}
