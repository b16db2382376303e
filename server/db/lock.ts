/**
 * `<name>.lock` holds the pid of the one process allowed to write a module's database: two writers
 * appending to the same journal would interleave records. A lock left by a dead process (kill -9)
 * is taken over. Readers (read-only stores, `db current`, `db backup`) take no lock.
 */
import fs from "node:fs";

const heldInThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class StoreLockedError extends Error {}

/**
 * Takes the lock or throws StoreLockedError naming the holder. Returns false (no lock taken)
 * when the directory cannot be written: the store then opens with writes failing anyway.
 */
export function acquireLock(lockFile: string): boolean {
  if (heldInThisProcess.has(lockFile)) {
    throw new StoreLockedError(`${lockFile} is already open in this process; close it first`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: "wx" });
      heldInThisProcess.add(lockFile);
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "EEXIST") return false;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
    } catch {
      // Removed meanwhile: try again.
    }
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new StoreLockedError(
        `the database is in use by process ${holder} (${lockFile}); stop that process or use a read-only command`,
      );
    }
    try {
      fs.unlinkSync(lockFile);
    } catch {
      // Another process took it over first; the next attempt sees its pid.
    }
  }
  throw new StoreLockedError(`could not take ${lockFile}`);
}

export function releaseLock(lockFile: string): void {
  if (!heldInThisProcess.delete(lockFile)) return;
  try {
    fs.unlinkSync(lockFile);
  } catch {
    // Gone already.
  }
}
