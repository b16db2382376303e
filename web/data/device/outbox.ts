// Writes made while offline wait in the Dexie outbox, oldest first, and are sent again at
// start-up and whenever the connection returns. A row leaves the outbox only once the server
// has accepted it; a write the server refuses for good stays, marked, so nothing is lost silently.
// Writes that need the session's CSRF token (csrf: true) get it from the tab's memory at send
// time; the token itself is never written here. Without it they wait, in order, for a sign-in.
// Such a write keeps the account that made it and goes only with that account's session: on a
// shared computer, one person's unsent edit is never published under the next person's name.
import { ApiError, apiRequest } from "../api/client";
import { browserOnline } from "../api/onlineFirst";
import { database, type OutboxRecord } from "./db";

/** Statuses worth retrying later: the request may succeed unchanged. */
const RETRYABLE = new Set([408, 425, 429]);

/** lastError of a write waiting for someone to sign in on this tab. */
export const SIGN_IN_NEEDED = "Waiting for sign-in";
/** lastError of a write another account made, waiting for that account to sign in. */
export const OTHER_ACCOUNT = "Waiting for the account that made it";

export interface ReplayOutcome {
  sent: number;
  rejected: number;
  remaining: number;
}

/** What happened to one row, for screens that show a write's status as it moves. */
export type OutboxEvent =
  | { type: "sending"; seq: number }
  | { type: "sent"; seq: number; row: OutboxRecord; data: unknown }
  | { type: "refused"; seq: number }
  | { type: "waiting"; seq: number };

const listeners = new Set<(event: OutboxEvent) => void>();
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const emit = (event: OutboxEvent) => {
  for (const listener of listeners) listener(event);
};

/** The tab's session as queued writes need it: its CSRF token and the signed-in account's id. */
export interface OutboxSession {
  csrf: string | null;
  account: string | null;
}
let sessionSource: () => OutboxSession = () => ({ csrf: null, account: null });
/** Where rows marked csrf find the current token and account (the signed-in tab's memory). */
export function setSessionSource(source: () => OutboxSession): void {
  sessionSource = source;
}

export type WriteOptions = Pick<OutboxRecord, "subject" | "csrf" | "headers">;

export async function enqueueWrite(
  method: OutboxRecord["method"],
  url: string,
  body: unknown,
  options: WriteOptions = {},
): Promise<number> {
  const seq = await database().outbox.add({
    createdAt: new Date().toISOString(),
    method,
    url,
    body,
    attempts: 0,
    lastError: null,
    rejectedAt: null,
    ...options,
    ...(options.csrf ? { account: sessionSource().account } : {}),
  });
  void replayOutbox();
  return seq as number;
}

/** What lastError keeps of a refusal: the status, then the server's message. */
const refusalText = (error: ApiError) => `${error.status}: ${error.message}`;

let running: Promise<ReplayOutcome> | undefined;

/** Sends pending writes in order; stops at the first one that cannot get through right now. */
export function replayOutbox(): Promise<ReplayOutcome> {
  running ??= replay().finally(() => {
    running = undefined;
  });
  return running;
}

/** The row's headers with this tab's session; why it cannot go now, when it cannot. */
function requestHeaders(
  row: OutboxRecord,
): Record<string, string> | typeof SIGN_IN_NEEDED | typeof OTHER_ACCOUNT {
  const headers: Record<string, string> = { ...row.headers };
  if (!row.csrf) return headers;
  const session = sessionSource();
  if (!session.csrf) return SIGN_IN_NEEDED;
  if (row.account && row.account !== session.account) return OTHER_ACCOUNT;
  headers["x-csrf-token"] = session.csrf;
  return headers;
}

async function replay(): Promise<ReplayOutcome> {
  const outbox = database().outbox;
  const outcome: ReplayOutcome = { sent: 0, rejected: 0, remaining: 0 };
  const pending = (await outbox.orderBy("seq").toArray()).filter((r) => r.rejectedAt === null);
  // The browser knows it has no network: trying would only fail; the "online" event comes back here.
  if (!browserOnline()) {
    return { ...outcome, remaining: pending.length };
  }
  for (const [i, listed] of pending.entries()) {
    const seq = listed.seq!;
    // Read the row again: it may have been replaced by a newer edit or discarded since the list was read.
    const row = await outbox.get(seq);
    if (!row || row.rejectedAt !== null) continue;
    const stop = async (lastError: string, attempted: boolean) => {
      await outbox.update(seq, { attempts: row.attempts + (attempted ? 1 : 0), lastError });
      emit({ type: "waiting", seq });
      outcome.remaining = pending.length - i;
      return outcome;
    };
    const headers = requestHeaders(row);
    if (headers === SIGN_IN_NEEDED) return stop(SIGN_IN_NEEDED, false);
    if (headers === OTHER_ACCOUNT) {
      // Its own author sends it later; the writes of the account signed in now go meanwhile.
      await outbox.update(seq, { lastError: OTHER_ACCOUNT });
      emit({ type: "waiting", seq });
      outcome.remaining++;
      continue;
    }
    emit({ type: "sending", seq });
    let data: unknown;
    try {
      const answer = await apiRequest<{ data?: unknown } | null>(row.url, {
        method: row.method,
        headers,
        body: row.body,
      });
      data = answer?.data;
    } catch (error) {
      // Not reached: try again later.
      if (!(error instanceof ApiError)) return stop(String(error), true);
      const { status } = error;
      // The session ended: signing in again lets the same write through.
      if (status === 401 && row.csrf) return stop(refusalText(error), true);
      if (status < 400 || status >= 500 || RETRYABLE.has(status)) return stop(refusalText(error), true);
      const refusal = {
        status,
        error: error.error === "HttpError" ? null : error.error,
        details: (error.body as { details?: unknown } | null)?.details ?? null,
      };
      await outbox.update(seq, {
        attempts: row.attempts + 1,
        lastError: refusalText(error),
        rejectedAt: new Date().toISOString(),
        refusal,
      });
      outcome.rejected++;
      emit({ type: "refused", seq });
      continue;
    }
    await outbox.delete(seq);
    outcome.sent++;
    emit({ type: "sent", seq, row, data });
  }
  return outcome;
}
