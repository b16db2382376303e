/**
 * Handing a command line's write to the running server. On sql.js one process writes a module's
 * database (DESIGN.md), so a command cannot open it beside the server; instead it leaves
 * `<id>.request.json` in the module's requests folder, the server runs it and leaves
 * `<id>.result.json`, which the command reads and removes (server/archive/jobs/handoff.ts uses it for
 * the archive's tasks). Files are owner-only: a request may hold a password hash. The server checks
 * every request against what it allows.
 */
import { randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  watch,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { isAlive, readOwner } from "../db/claims.js";

export interface HandoffAnswer {
  ok: boolean;
  summary: string;
}

function writeAtomically(file: string, body: unknown) {
  writeFileSync(`${file}.tmp`, JSON.stringify(body), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** True while another live process (the server) holds the writer lock at `lockPath`. */
export function heldByAnotherProcess(lockPath: string): boolean {
  const owner = readOwner(lockPath);
  if (!owner?.valid) return false;
  return owner.pid !== process.pid && isAlive(owner);
}

/** Leaves `request` in `dir` and waits for the answer (or for the lock's holder to stop, or `timeoutMs`). */
export async function handOffTo(
  dir: string,
  lockPath: string,
  request: unknown,
  { timeoutMs, pollMs = 100 }: { timeoutMs: number; pollMs?: number },
): Promise<HandoffAnswer> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = `${Date.now()}-${randomUUID()}`;
  const requestFile = path.join(dir, `${id}.request.json`);
  const resultFile = path.join(dir, `${id}.result.json`);
  writeAtomically(requestFile, request);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (existsSync(resultFile)) return JSON.parse(readFileSync(resultFile, "utf8")) as HandoffAnswer;
      if (!heldByAnotherProcess(lockPath))
        throw new Error("the server stopped before it ran the request; run the command again");
      if (Date.now() > deadline)
        throw new Error(`the server did not answer within ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  } finally {
    rmSync(requestFile, { force: true });
    rmSync(resultFile, { force: true });
  }
}

/**
 * The server's side: runs each request left in `dir`, one at a time, oldest first. Woken by a watch
 * on the folder, and every few seconds in case a change notification is lost.
 */
export function startHandoffInbox(
  dir: string,
  handle: (request: unknown) => Promise<HandoffAnswer>,
  onError: (err: unknown) => void,
): { stop(): void } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const done = new Set<string>();
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async () => {
    const names = readdirSync(dir);
    for (const n of done) if (!names.includes(n)) done.delete(n);
    const pending = names
      .filter((f) => f.endsWith(".request.json") && !done.has(f))
      .filter((f) => !names.includes(f.replace(".request.json", ".result.json")))
      .sort();
    for (const name of pending) {
      done.add(name);
      let answer: HandoffAnswer;
      try {
        answer = await handle(JSON.parse(readFileSync(path.join(dir, name), "utf8")));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") continue; // withdrawn by the command
        answer = { ok: false, summary: String((err as Error).message ?? err) };
      }
      writeAtomically(path.join(dir, name.replace(".request.json", ".result.json")), answer);
    }
  };
  const scan = () => {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          scan();
        }
      });
  };
  const watcher = watch(dir, () => scan());
  watcher.on("error", onError);
  const timer = setInterval(scan, 2000);
  timer.unref();
  scan();
  return {
    stop() {
      watcher.close();
      clearInterval(timer);
    },
  };
}
