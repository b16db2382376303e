/**
 * Writes asked for by the CLI while the server holds archive.sqlite. On sql.js one process writes
 * a module's database (DESIGN.md), so a timer's `chc archive task <name>` cannot open it beside
 * the server. Instead the CLI leaves `<id>.request.json` in `<DATA_DIR>/archive/requests/`; the
 * server runs it and leaves `<id>.result.json`, which the CLI reads and removes. Only the
 * service's user can write DATA_DIR, so the folder needs no other access control; the server
 * still checks every request against what it allows.
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
import { z } from "zod";
import { isAlive, readOwner } from "../../db/claims.js";
import { storePaths } from "../../db/paths.js";
import { windowRequest } from "../maintenance/schedule.js";

export const handoffRequest = z.discriminatedUnion("op", [
  z.object({ op: z.literal("task"), name: z.string().regex(/^[a-z-]{1,60}$/) }),
  z.object({
    op: z.literal("record-zim"),
    kind: z.enum(["edition", "job"]),
    id: z.number().int().positive(),
    file: z.string().min(1).max(500),
  }),
  z.object({ op: z.literal("maintenance-on"), window: windowRequest }),
  z.object({ op: z.literal("maintenance-off"), at: z.string().datetime() }),
]);
export type HandoffRequest = z.infer<typeof handoffRequest>;
export interface HandoffResult {
  ok: boolean;
  summary: string;
}

const requestsDir = (dataDir: string) => path.join(dataDir, "archive", "requests");

function writeAtomically(file: string, body: unknown) {
  writeFileSync(`${file}.tmp`, JSON.stringify(body));
  renameSync(`${file}.tmp`, file);
}

/** True while a live process (the server) holds the archive database's writer lock. */
export function archiveHeldByAnotherProcess(dataDir: string): boolean {
  const owner = readOwner(storePaths(dataDir, "archive").lock);
  if (!owner?.valid) return false;
  return owner.pid !== process.pid && isAlive(owner);
}

/** Leaves `req` for the server and waits for its answer (or for the server to stop, or `timeoutMs`). */
export async function handOff(
  dataDir: string,
  req: HandoffRequest,
  { timeoutMs, pollMs = 200 }: { timeoutMs: number; pollMs?: number },
): Promise<HandoffResult> {
  const dir = requestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const id = `${Date.now()}-${randomUUID()}`;
  const request = path.join(dir, `${id}.request.json`);
  const result = path.join(dir, `${id}.result.json`);
  writeAtomically(request, req);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (existsSync(result)) return JSON.parse(readFileSync(result, "utf8")) as HandoffResult;
      if (!archiveHeldByAnotherProcess(dataDir))
        throw new Error("the server stopped before it ran the request; run the command again");
      if (Date.now() > deadline)
        throw new Error(`the server did not answer within ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  } finally {
    rmSync(request, { force: true });
    rmSync(result, { force: true });
  }
}

/**
 * The server's side: runs each request left in the folder, one at a time, oldest first. Woken by
 * a watch on the folder, and every few seconds in case a change notification is lost.
 */
export function startHandoffInbox(
  dataDir: string,
  handle: (req: HandoffRequest) => Promise<HandoffResult>,
  onError: (err: unknown) => void,
): { stop(): void } {
  const dir = requestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const done = new Set<string>();
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async () => {
    const names = readdirSync(dir);
    for (const n of done) if (!names.includes(n)) done.delete(n);
    // A request with a result is answered and waits for its CLI to collect it.
    const pending = names
      .filter((f) => f.endsWith(".request.json") && !done.has(f))
      .filter((f) => !names.includes(f.replace(".request.json", ".result.json")))
      .sort();
    for (const name of pending) {
      done.add(name);
      let answer: HandoffResult;
      try {
        const parsed = handoffRequest.safeParse(JSON.parse(readFileSync(path.join(dir, name), "utf8")));
        answer = parsed.success
          ? await handle(parsed.data)
          : { ok: false, summary: "the request was not one the server runs" };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") continue; // withdrawn by the CLI
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
  const timer = setInterval(scan, 5000);
  timer.unref();
  scan();
  return {
    stop() {
      watcher.close();
      clearInterval(timer);
    },
  };
}
