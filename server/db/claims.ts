/**
 * Who holds a lock, and the claim that lets exactly one process take over a stale one.
 *
 * Every contender first writes its own file `<lock>.<pid>-<start>`. To take over a lock whose
 * holder is dead, a contender must see no other live contender file after writing its own: of
 * two contenders, the one that looks second always sees the first's file, so at most one gets
 * through. A contender that sees a rival with a smaller name yields; the one with the smallest
 * name waits for the others to yield. Files of dead contenders are removed on sight.
 */
import fs from "node:fs";
import path from "node:path";

export interface LockOwner {
  pid: number;
  /** Start time in clock ticks since boot (field 22 of /proc/<pid>/stat); "" off Linux. */
  started: string;
  /** false when the file could not be parsed: nobody can be shown to hold it. */
  valid: boolean;
}

/** How long the contender with the smallest name waits for its rivals to yield. */
const TAKEOVER_WAIT_MS = 2000;
const CLAIM_NAME = /^(\d+)-(\d*)$/;

function startTime(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

let me: LockOwner | undefined;
export function ownIdentity(): LockOwner {
  me ??= { pid: process.pid, started: startTime(process.pid), valid: true };
  return me;
}

export function identityOf(owner: LockOwner): string {
  return `${owner.pid}-${owner.started}`;
}

/** Alive unless the pid is gone or now belongs to a process started at another time. */
export function isAlive(owner: LockOwner): boolean {
  const self = ownIdentity();
  if (owner.pid === self.pid) return owner.started !== "" && owner.started === self.started;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const now = startTime(owner.pid);
  return owner.started === "" || now === "" || now === owner.started;
}

/** The owner named in a lock file, or null if there is no such file. */
export function readOwner(file: string): LockOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  const [pid, started = ""] = text.trim().split(" ");
  const n = Number(pid);
  const valid = /^\d+$/.test(pid ?? "") && Number.isSafeInteger(n) && /^\d*$/.test(started);
  return { pid: valid ? n : 0, started: valid ? started : "", valid };
}

/** Live contender files other than `own`; removes those of dead processes. */
function liveRivals(lockFile: string, own: string): { name: string; owner: LockOwner }[] {
  const dir = path.dirname(lockFile);
  const prefix = `${path.basename(lockFile)}.`;
  const rivals: { name: string; owner: LockOwner }[] = [];
  for (const entry of fs.readdirSync(dir)) {
    const m = entry.startsWith(prefix) ? CLAIM_NAME.exec(entry.slice(prefix.length)) : null;
    if (!m || path.join(dir, entry) === own) continue;
    const owner: LockOwner = { pid: Number(m[1]), started: m[2], valid: true };
    if (isAlive(owner)) rivals.push({ name: entry, owner });
    else fs.rmSync(path.join(dir, entry), { force: true });
  }
  return rivals;
}

/**
 * Waits until `own` (already written) is the only live contender file: resolves null when this
 * process may replace the stale lock, or the rival it yields to.
 */
export async function claimTakeover(lockFile: string, own: string): Promise<LockOwner | null> {
  const ownName = path.basename(own);
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    const rivals = liveRivals(lockFile, own);
    if (rivals.length === 0) return null;
    const smaller = rivals.find((r) => r.name < ownName);
    if (smaller) return smaller.owner;
    if (Date.now() > deadline) return rivals[0].owner;
    await new Promise((r) => setTimeout(r, 2));
  }
}
