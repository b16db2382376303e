// The partner's changes go through the outbox (outbox.ts) whether online or not, so one path gives
// every change a visible status: queued, sending, waiting for sign-in, saved, refused, or in conflict
// (someone saved a newer version first). Saved changes update the in-memory list of services.
import { liveQuery } from "dexie";
import { createSignal } from "solid-js";
import type { DirectoryService } from "../../../shared/directory/types";
import { database, type OutboxRecord } from "../device/db";
import { enqueueWrite, OTHER_ACCOUNT, onOutboxEvent, replayOutbox, SIGN_IN_NEEDED } from "../device/outbox";
import type { ServiceInput } from "./form";
import { dropService, putService } from "./services";

export type { OutboxRecord };

export type WriteStatus = "queued" | "sending" | "signin" | "account" | "saved" | "refused" | "conflict";

export interface WriteView {
  seq: number;
  subject: NonNullable<OutboxRecord["subject"]>;
  status: WriteStatus;
  /** The server's words for a refusal, or why a queued write is still waiting. */
  reason: string | null;
  at: string;
  row: OutboxRecord | null;
  /** The version the server saved (status "saved"). */
  savedVersion: number | null;
}

const [rows, setRows] = createSignal<OutboxRecord[]>([]);
const [sending, setSending] = createSignal<number | null>(null);
const [saved, setSaved] = createSignal<WriteView[]>([]);

let watching = false;
/** Starts following the outbox (once per page load). */
export function watchPartnerWrites(): void {
  if (watching) return;
  watching = true;
  liveQuery(() => database().outbox.toArray()).subscribe({
    next: (all) => setRows(all.filter((r) => r.subject)),
    error: () => undefined,
  });
  onOutboxEvent((event) => {
    if (event.type === "sending") setSending(event.seq);
    else setSending((s) => (s === event.seq ? null : s));
    if (event.type !== "sent" || !event.row.subject) return;
    const data = event.data as DirectoryService | { id: string; deleted: true } | undefined;
    if (event.row.subject.kind === "service-retire") dropService(event.row.subject.serviceId ?? "");
    else if (data && "version" in data) putService(data);
    const version = data && "version" in data ? data.version : null;
    const view: WriteView = {
      seq: event.seq,
      // A created service's id is known only once the server has saved it.
      subject: { ...event.row.subject, serviceId: event.row.subject.serviceId ?? data?.id ?? null },
      status: "saved",
      reason: null,
      at: new Date().toISOString(),
      row: null,
      savedVersion: version,
    };
    setSaved((list) => [view, ...list].slice(0, 20));
  });
}

function statusOf(row: OutboxRecord): WriteStatus {
  // 409 (a stale body "version") and 412 (a stale If-Match, as on a retire) both carry the current record.
  if (row.rejectedAt)
    return row.refusal?.status === 409 || row.refusal?.status === 412 ? "conflict" : "refused";
  if (row.seq === sending()) return "sending";
  if (row.lastError === OTHER_ACCOUNT) return "account";
  if (row.lastError === SIGN_IN_NEEDED || row.lastError?.startsWith("401")) return "signin";
  return "queued";
}

/** Every partner write still in the outbox, then those saved during this visit; newest first. */
export function writeViews(): WriteView[] {
  const pending = rows()
    .map<WriteView>((row) => ({
      seq: row.seq!,
      subject: row.subject!,
      status: statusOf(row),
      reason: row.rejectedAt ? row.lastError : null,
      at: row.createdAt,
      row,
      savedVersion: null,
    }))
    .reverse();
  return [...pending, ...saved()];
}

export const writesFor = (serviceId: string) => writeViews().filter((w) => w.subject.serviceId === serviceId);

const serviceUrl = (id: string) => `/api/v1/services/${encodeURIComponent(id)}`;

/** Queues a replacement of `base` (based on its version); replaces a not-yet-sent edit of the same service. */
export async function queueEdit(base: DirectoryService, input: ServiceInput): Promise<number> {
  const outbox = database().outbox;
  const waiting = (await outbox.toArray()).find(
    (r) =>
      r.rejectedAt === null &&
      r.subject?.kind === "service-edit" &&
      r.subject.serviceId === base.id &&
      r.seq !== sending(),
  );
  if (waiting?.subject) {
    const version = waiting.subject.baseVersion ?? base.version;
    await outbox.update(waiting.seq!, {
      body: { ...input, version },
      subject: { ...waiting.subject, name: input.name.en },
    });
    void replayOutbox();
    return waiting.seq!;
  }
  return enqueueWrite(
    "PUT",
    serviceUrl(base.id),
    { ...input, version: base.version },
    {
      csrf: true,
      subject: { kind: "service-edit", serviceId: base.id, name: input.name.en, baseVersion: base.version },
    },
  );
}

/** Queues a new service; `replacing` names a create from this form still waiting, which it updates instead. */
export async function queueCreate(input: ServiceInput, replacing?: number): Promise<number> {
  const waiting = replacing === undefined ? undefined : await database().outbox.get(replacing);
  if (
    waiting?.subject?.kind === "service-create" &&
    waiting.rejectedAt === null &&
    waiting.seq !== sending()
  ) {
    await database().outbox.update(replacing!, {
      body: input,
      subject: { ...waiting.subject, name: input.name.en },
    });
    void replayOutbox();
    return replacing!;
  }
  return enqueueWrite("POST", "/api/v1/services", input, {
    csrf: true,
    subject: { kind: "service-create", serviceId: null, name: input.name.en, baseVersion: null },
  });
}

export function queueRetire(service: DirectoryService): Promise<number> {
  return enqueueWrite("DELETE", serviceUrl(service.id), undefined, {
    csrf: true,
    headers: { "if-match": `"${service.version}"` },
    subject: {
      kind: "service-retire",
      serviceId: service.id,
      name: service.name.en,
      baseVersion: service.version,
    },
  });
}

/** The server's current record carried by a 409 or 412 refusal. */
export function conflictCurrent(row: OutboxRecord): DirectoryService | null {
  const current = (row.refusal?.details as { current?: DirectoryService } | null)?.current;
  return current && typeof current.version === "number" ? current : null;
}

/**
 * Keep mine: send the same change again, this time against the version now on the server (a
 * retirement, which carries no body, retires that version).
 */
export async function keepMine(row: OutboxRecord): Promise<number | null> {
  const current = conflictCurrent(row);
  if (!current || !row.subject) return null;
  putService(current);
  await database().outbox.delete(row.seq!);
  if (row.subject.kind === "service-retire") return queueRetire(current);
  const { version: _old, ...mine } = row.body as ServiceInput;
  return queueEdit(current, mine as ServiceInput);
}

/** Take theirs: drop my change and show the version on the server. */
export async function takeTheirs(row: OutboxRecord): Promise<DirectoryService | null> {
  const current = conflictCurrent(row);
  await database().outbox.delete(row.seq!);
  if (current) putService(current);
  return current;
}

/** Sends a refused write again (e.g. after signing in anew), keeping its place in line. */
export async function retryWrite(seq: number): Promise<void> {
  await database().outbox.update(seq, { rejectedAt: null, refusal: undefined, lastError: null });
  void replayOutbox();
}

export async function discardWrite(seq: number): Promise<void> {
  await database().outbox.delete(seq);
}
