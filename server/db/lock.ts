/**
 * `<name>.lock` holds the pid and start time of the one process allowed to write a module's
 * database: two writers appending to the same journal would overwrite each other's records.
 *
 * Taking it: the process writes its identity to its own file `<name>.lock.<pid>-<start>`, then
 * `link()`s that file to `<name>.lock`; the link is atomic and fails if the lock exists, so a
 * reader never sees a half-written lock. A lock left by a dead process (kill -9) is taken over
 * only by the one contender holding the takeover claim (see claims.ts), which re-reads the lock
 * before replacing it: two processes can never both hold it. The start time tells a reused pid
 * (a container restart) from the real holder. Readers (read-only stores) take no lock.
 */
import fs from "node:fs";
import { claimTakeover, identityOf, isAlive, type LockOwner, ownIdentity, readOwner } from "./claims.js";
import { isStorageError } from "./paths.js";

const heldInThisProcess = new Set<string>();

export class StoreLockedError extends Error {
  constructor(
    message: string,
    /** The process holding the lock, when known. */
    readonly holderPid?: number,
  ) {
    super(message);
  }
}

function lockedBy(lockFile: string, owner: LockOwner): StoreLockedError {
  return new StoreLockedError(
    `the database is in use by process ${owner.pid} (${lockFile}); stop that process or use a read-only command`,
    owner.pid,
  );
}

/** Links our identity file to the lock: true if taken, false if a lock exists already. */
function linkLock(own: string, lockFile: string): boolean {
  try {
    fs.linkSync(own, lockFile);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
}

/**
 * Takes the lock or throws StoreLockedError naming the holder. Resolves false (no lock taken)
 * when the folder cannot be written (read-only disk, permissions): the store then refuses
 * writes until a later attempt takes the lock.
 */
export async function acquireLock(lockFile: string): Promise<boolean> {
  if (heldInThisProcess.has(lockFile)) {
    throw new StoreLockedError(`${lockFile} is already open in this process; close it first`);
  }
  const me = ownIdentity();
  const own = `${lockFile}.${identityOf(me)}`;
  try {
    // This name is this process's alone: a leftover from an earlier attempt is simply rewritten.
    fs.writeFileSync(own, `${me.pid} ${me.started}\n`);
  } catch (err) {
    if (isStorageError(err)) return false;
    throw err;
  }
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (linkLock(own, lockFile) || (await takeOverStale(lockFile, own))) {
        heldInThisProcess.add(lockFile);
        return true;
      }
      // The lock was released or replaced between two steps: look again.
    }
    throw new StoreLockedError(`could not take ${lockFile}: it keeps changing hands`);
  } catch (err) {
    if (isStorageError(err)) return false;
    throw err;
  } finally {
    try {
      fs.rmSync(own, { force: true });
    } catch {
      // Harmless: rewritten by this process's next attempt, removed by others once it is gone.
    }
  }
}

/**
 * The lock exists: refuses if its holder lives, else replaces it under the takeover claim.
 * Resolves false when the lock changed meanwhile (the caller looks again).
 */
async function takeOverStale(lockFile: string, own: string): Promise<boolean> {
  const holder = readOwner(lockFile);
  if (holder === null) return false;
  if (holder.valid && isAlive(holder)) throw lockedBy(lockFile, holder);
  const rival = await claimTakeover(lockFile, own);
  if (rival) throw lockedBy(lockFile, rival);
  // We alone may replace the lock now; it may have changed since we first read it.
  const current = readOwner(lockFile);
  if (current?.valid && isAlive(current)) throw lockedBy(lockFile, current);
  if (current) fs.rmSync(lockFile, { force: true });
  if (linkLock(own, lockFile)) return true;
  // A process starting fresh linked its own lock in between: it holds it.
  const winner = readOwner(lockFile);
  if (winner?.valid && isAlive(winner)) throw lockedBy(lockFile, winner);
  return false;
}

export function releaseLock(lockFile: string): void {
  if (!heldInThisProcess.delete(lockFile)) return;
  try {
    fs.unlinkSync(lockFile);
  } catch {
    // Gone already.
  }
}
