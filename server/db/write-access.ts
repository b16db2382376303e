/**
 * Whether this process may write a store now, checked before every transaction and checkpoint:
 * it must hold the writer lock, the journal must not be damaged, and the files must still be the
 * ones it loaded. A store opened while its folder could not be written holds no lock; its first
 * write after the folder becomes writable takes the lock, unless another process changed the
 * files meanwhile (writing on top of them would overwrite that process's acknowledged writes).
 */
import fs from "node:fs";
import { StorageUnavailableError } from "./errors.js";
import { acquireLock, releaseLock, StoreLockedError } from "./lock.js";
import type { StorePaths } from "./paths.js";
import type { JournalDamage } from "./recover.js";

/** Identity and size of every file the store reads at open; changes if anyone writes them. */
function fingerprint(paths: StorePaths): string {
  return [paths.db, paths.journal, paths.ckpt, paths.damagedJournal, paths.damagedCkpt]
    .map((file) => {
      try {
        const st = fs.statSync(file);
        return `${st.ino}:${st.size}:${st.mtimeMs}`;
      } catch {
        return "-";
      }
    })
    .join(",");
}

export class WriteAccess {
  /** Set for good: a damaged journal, or files changed by another process. */
  private refusal: string | null;
  private readonly openedAs: string | null;

  constructor(
    private readonly paths: StorePaths,
    private locked: boolean,
    damage: JournalDamage | null,
  ) {
    this.refusal = damage?.message ?? null;
    this.openedAs = locked ? null : fingerprint(paths);
  }

  /** Writes are possible without further checks (the usual case). */
  get ready(): boolean {
    return this.locked && this.refusal === null;
  }

  /** Why writes are refused until an operator acts, or null. */
  get damaged(): string | null {
    return this.refusal;
  }

  /** Resolves once this process may write; rejects with StorageUnavailableError (503) if not. */
  async ensure(): Promise<void> {
    if (this.refusal) throw new StorageUnavailableError(this.refusal);
    if (this.locked) return;
    const name = this.paths.name;
    let taken: boolean;
    try {
      taken = await acquireLock(this.paths.lock);
    } catch (err) {
      if (!(err instanceof StoreLockedError)) throw err;
      throw new StorageUnavailableError(
        `the ${name} database is being written by another process (pid ${err.holderPid ?? "unknown"}); this one can only read it`,
      );
    }
    if (!taken) {
      throw new StorageUnavailableError(
        `the ${name} database's folder cannot be written (the writer lock cannot be created); reads keep working, retry later`,
      );
    }
    if (fingerprint(this.paths) !== this.openedAs) {
      releaseLock(this.paths.lock);
      this.refusal = `the ${name} database was changed by another process after this one opened it; restart this process to write again`;
      throw new StorageUnavailableError(this.refusal);
    }
    this.locked = true;
  }

  release(): void {
    if (this.locked) releaseLock(this.paths.lock);
    this.locked = false;
  }
}
