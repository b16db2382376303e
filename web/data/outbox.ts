// Writes made while offline wait in the Dexie outbox, oldest first, and are sent again at
// start-up and whenever the connection returns. A row leaves the outbox only once the server
// has accepted it; a write the server refuses for good stays, marked, so nothing is lost silently.
import { database, type OutboxRecord } from "./db";

/** Statuses worth retrying later: the request may succeed unchanged. */
const RETRYABLE = new Set([408, 425, 429]);

export interface ReplayOutcome {
  sent: number;
  rejected: number;
  remaining: number;
}

export async function enqueueWrite(method: OutboxRecord["method"], url: string, body: unknown): Promise<number> {
  const seq = await database().outbox.add({
    createdAt: new Date().toISOString(),
    method,
    url,
    body,
    attempts: 0,
    lastError: null,
    rejectedAt: null,
  });
  void replayOutbox();
  return seq as number;
}

async function errorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === "string") return `${res.status}: ${body.message}`;
  } catch {
    // not JSON: fall through to the raw text
  }
  return `${res.status}: ${text.slice(0, 200)}`;
}

let running: Promise<ReplayOutcome> | undefined;

/** Sends pending writes in order; stops at the first one that cannot get through right now. */
export function replayOutbox(): Promise<ReplayOutcome> {
  running ??= replay().finally(() => {
    running = undefined;
  });
  return running;
}

async function replay(): Promise<ReplayOutcome> {
  const outbox = database().outbox;
  const outcome: ReplayOutcome = { sent: 0, rejected: 0, remaining: 0 };
  const pending = (await outbox.orderBy("seq").toArray()).filter((r) => r.rejectedAt === null);
  for (const [i, row] of pending.entries()) {
    let res: Response;
    try {
      res = await fetch(row.url, {
        method: row.method,
        headers: { "content-type": "application/json", accept: "application/json" },
        body: row.body === undefined ? undefined : JSON.stringify(row.body),
      });
    } catch (error) {
      await outbox.update(row.seq!, { attempts: row.attempts + 1, lastError: String(error) });
      outcome.remaining = pending.length - i;
      return outcome;
    }
    if (res.ok) {
      await outbox.delete(row.seq!);
      outcome.sent++;
    } else if (res.status >= 400 && res.status < 500 && !RETRYABLE.has(res.status)) {
      const message = await errorMessage(res);
      await outbox.update(row.seq!, { attempts: row.attempts + 1, lastError: message, rejectedAt: new Date().toISOString() });
      outcome.rejected++;
    } else {
      await outbox.update(row.seq!, { attempts: row.attempts + 1, lastError: await errorMessage(res) });
      outcome.remaining = pending.length - i;
      return outcome;
    }
  }
  return outcome;
}
