/**
 * Writes asked for by the CLI while the server holds archive.sqlite. On sql.js one process writes
 * a module's database (DESIGN.md), so a timer's `chc archive task <name>` cannot open it beside
 * the server. Instead the CLI leaves `<id>.request.json` in `<DATA_DIR>/archive/requests/`; the
 * server runs it and leaves `<id>.result.json`, which the CLI reads and removes. Only the
 * service's user can write DATA_DIR, so the folder needs no other access control; the server
 * still checks every request against what it allows. The mechanics (files, waiting, the inbox) are
 * the server's shared ones, server/core/cli-handoff.ts; this file adds the archive's requests.
 */
import path from "node:path";
import { z } from "zod";
import {
  type HandoffAnswer,
  handOffTo,
  heldByAnotherProcess,
  startHandoffInbox as startInbox,
} from "../../core/cli-handoff.js";
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
export type HandoffResult = HandoffAnswer;

const requestsDir = (dataDir: string) => path.join(dataDir, "archive", "requests");

/** True while a live process (the server) holds the archive database's writer lock. */
export function archiveHeldByAnotherProcess(dataDir: string): boolean {
  return heldByAnotherProcess(storePaths(dataDir, "archive").lock);
}

/** Leaves `req` for the server and waits for its answer (or for the server to stop, or `timeoutMs`). */
export function handOff(
  dataDir: string,
  req: HandoffRequest,
  { timeoutMs, pollMs = 200 }: { timeoutMs: number; pollMs?: number },
): Promise<HandoffResult> {
  return handOffTo(requestsDir(dataDir), storePaths(dataDir, "archive").lock, req, { timeoutMs, pollMs });
}

/** The server's side: runs each archive request left in the folder, one at a time, oldest first. */
export function startHandoffInbox(
  dataDir: string,
  handle: (req: HandoffRequest) => Promise<HandoffResult>,
  onError: (err: unknown) => void,
): { stop(): void } {
  return startInbox(
    requestsDir(dataDir),
    async (raw) => {
      const parsed = handoffRequest.safeParse(raw);
      return parsed.success
        ? handle(parsed.data)
        : { ok: false, summary: "the request was not one the server runs" };
    },
    onError,
  );
}
