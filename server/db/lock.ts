/**
 * `<name>.lock` holds the pid (and, on Linux, the process start time) of the one process allowed
 * to write a module's database: two writers appending to the same journal would interleave
 * records. A lock left by a dead process (kill -9) is taken over; the start time tells a reused
 * pid (a container restart) from the real holder. Readers (read-only stores) take no lock.
 */
import fs from "node:fs";

const heldInThisProcess = new Set<string>();

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or null off Linux. */
function startTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number, started: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const now = startTime(pid);
  return !started || now === null || now === started;
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
      fs.writeFileSync(lockFile, `${process.pid} ${startTime(process.pid) ?? ""}\n`, { flag: "wx" });
      heldInThisProcess.add(lockFile);
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "EEXIST") return false;
    }
    let holder = Number.NaN;
    let started: string | undefined;
    try {
      const [pid, start] = fs.readFileSync(lockFile, "utf8").trim().split(" ");
      holder = Number.parseInt(pid, 10);
      started = start || undefined;
    } catch {
      // Removed meanwhile: try again.
    }
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder, started)) {
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
