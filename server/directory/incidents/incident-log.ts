/**
 * The incident log (tables `incidents` and `incident_events`, migrations/003): opening incidents with
 * a per-day id, moving them through acknowledge → mitigate → resolve → review → close, status
 * updates, and the due times and overdue flags the SEV table implies.
 */
import { localTime } from "../../../shared/directory/index.js";
import { ApiError } from "../../core/errors.js";
import type { Reader, Store, Tx } from "../../db/types.js";
import { REVIEW_WITHIN_MS, SEV_TABLE, type Severity } from "./severity.js";

export type IncidentStatus = "open" | "acknowledged" | "mitigated" | "resolved" | "reviewed" | "closed";
export type IncidentAction = "acknowledge" | "mitigate" | "resolve" | "review" | "close" | "update";

export interface Incident {
  id: string;
  severity: Severity;
  title: string;
  status: IncidentStatus;
  source: "manual" | "auto";
  breachKey: string | null;
  commander: string | null;
  channel: string | null;
  falsePositive: boolean;
  startedAt: string;
  detectedAt: string;
  acknowledgedAt: string | null;
  mitigatedAt: string | null;
  resolvedAt: string | null;
  reviewedAt: string | null;
  closedAt: string | null;
  lastUpdateAt: string | null;
}

type Row = Record<string, string | number | null>;
const str = (v: string | number | null) => (v === null ? null : String(v));

function toIncident(r: Row): Incident {
  return {
    id: String(r.id),
    severity: r.severity as Severity,
    title: String(r.title),
    status: r.status as IncidentStatus,
    source: r.source as "manual" | "auto",
    breachKey: str(r.breach_key),
    commander: str(r.commander),
    channel: str(r.channel),
    falsePositive: Number(r.false_positive) === 1,
    startedAt: String(r.started_at),
    detectedAt: String(r.detected_at),
    acknowledgedAt: str(r.acknowledged_at),
    mitigatedAt: str(r.mitigated_at),
    resolvedAt: str(r.resolved_at),
    reviewedAt: str(r.reviewed_at),
    closedAt: str(r.closed_at),
    lastUpdateAt: str(r.last_update_at),
  };
}

/** Incident day in Kingston's calendar (America/Toronto): the sequence restarts at local midnight. */
export function incidentDay(at: Date): string {
  return localTime(at).date.replaceAll("-", "");
}

export interface OpenInput {
  severity: Severity;
  title: string;
  startedAt?: string;
  commander?: string | null;
  source?: "manual" | "auto";
  breachKey?: string | null;
  actor?: string | null;
}

export function openIncidentTx(tx: Tx, input: OpenInput, now: Date): Incident {
  const day = incidentDay(now);
  const seq =
    Number(tx.get<{ n: number | null }>("SELECT MAX(seq) AS n FROM incidents WHERE day = ?", [day])?.n ?? 0) +
    1;
  if (seq > 999) throw new ApiError("Conflict", `Day ${day} already has 999 incidents.`);
  const id = `INC-${day}-${String(seq).padStart(3, "0")}`;
  const at = now.toISOString();
  // SEV-1 and SEV-2 get a dedicated channel and a commander.
  const major = input.severity === "SEV-1" || input.severity === "SEV-2";
  const channel = major ? `#${id.toLowerCase()}` : null;
  tx.run(
    `INSERT INTO incidents (id, day, seq, severity, title, status, source, breach_key, commander, channel, started_at, detected_at)
     VALUES (?,?,?,?,?,'open',?,?,?,?,?,?)`,
    [
      id,
      day,
      seq,
      input.severity,
      input.title,
      input.source ?? "manual",
      input.breachKey ?? null,
      major ? (input.commander ?? null) : null,
      channel,
      input.startedAt ?? at,
      at,
    ],
  );
  tx.run("INSERT INTO incident_events (incident_id, at, actor, action, note) VALUES (?,?,?,?,?)", [
    id,
    at,
    input.actor ?? null,
    "open",
    input.title,
  ]);
  return toIncident(tx.get<Row>("SELECT * FROM incidents WHERE id = ?", [id]) as Row);
}

export function openIncident(store: Store, input: OpenInput, now = new Date()): Promise<Incident> {
  return store.write((tx) => openIncidentTx(tx, input, now));
}

const STEP: Record<
  Exclude<IncidentAction, "update">,
  { from: IncidentStatus[]; to: IncidentStatus; column: string }
> = {
  acknowledge: { from: ["open"], to: "acknowledged", column: "acknowledged_at" },
  mitigate: { from: ["acknowledged"], to: "mitigated", column: "mitigated_at" },
  resolve: { from: ["acknowledged", "mitigated"], to: "resolved", column: "resolved_at" },
  review: { from: ["resolved"], to: "reviewed", column: "reviewed_at" },
  close: { from: ["reviewed"], to: "closed", column: "closed_at" },
};

export function advanceIncident(
  store: Store,
  id: string,
  action: IncidentAction,
  opts: { actor: string | null; note?: string | null; falsePositive?: boolean; commander?: string | null },
  now = new Date(),
): Promise<Incident> {
  const at = now.toISOString();
  return store.write((tx) => {
    const row = tx.get<Row>("SELECT * FROM incidents WHERE id = ?", [id]);
    if (!row) throw new ApiError("NotFound", `No incident ${id}.`);
    const incident = toIncident(row);
    if (action === "update") {
      if (incident.status === "closed") throw new ApiError("Conflict", `${id} is closed.`);
      tx.run("UPDATE incidents SET last_update_at = ? WHERE id = ?", [at, id]);
    } else {
      const step = STEP[action];
      if (!step.from.includes(incident.status)) {
        throw new ApiError(
          "Conflict",
          `${id} is ${incident.status}: "${action}" needs it to be ${step.from.join(" or ")}.`,
          { current: incident },
        );
      }
      tx.run(`UPDATE incidents SET status = ?, ${step.column} = ?, last_update_at = ? WHERE id = ?`, [
        step.to,
        at,
        at,
        id,
      ]);
      // Resolving without a separate mitigation step means it was mitigated by the fix itself.
      if (action === "resolve" && !incident.mitigatedAt)
        tx.run("UPDATE incidents SET mitigated_at = ? WHERE id = ?", [at, id]);
    }
    if (opts.falsePositive !== undefined)
      tx.run("UPDATE incidents SET false_positive = ? WHERE id = ?", [opts.falsePositive ? 1 : 0, id]);
    if (opts.commander) tx.run("UPDATE incidents SET commander = ? WHERE id = ?", [opts.commander, id]);
    tx.run("INSERT INTO incident_events (incident_id, at, actor, action, note) VALUES (?,?,?,?,?)", [
      id,
      at,
      opts.actor,
      action,
      opts.note ?? null,
    ]);
    return toIncident(tx.get<Row>("SELECT * FROM incidents WHERE id = ?", [id]) as Row);
  });
}

export function getIncident(reader: Reader, id: string): Incident | undefined {
  const row = reader.get<Row>("SELECT * FROM incidents WHERE id = ?", [id]);
  return row ? toIncident(row) : undefined;
}

export function listIncidents(
  reader: Reader,
  opts: { from?: string; to?: string; activeOnly?: boolean } = {},
): Incident[] {
  const where: string[] = [];
  const params: string[] = [];
  if (opts.from) {
    where.push("detected_at >= ?");
    params.push(opts.from);
  }
  if (opts.to) {
    where.push("detected_at < ?");
    params.push(opts.to);
  }
  if (opts.activeOnly) where.push("status IN ('open','acknowledged','mitigated')");
  const sql = `SELECT * FROM incidents ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY detected_at DESC, seq DESC`;
  return reader.all<Row>(sql, params).map(toIncident);
}

export function incidentEvents(reader: Reader, id: string) {
  return reader.all<{ at: string; actor: string | null; action: string; note: string | null }>(
    "SELECT at, actor, action, note FROM incident_events WHERE incident_id = ? ORDER BY id",
    [id],
  );
}

/** The active auto-opened incident for a breach, if any (so a lasting breach opens only one). */
export function activeForBreach(reader: Reader, breachKey: string): Incident | undefined {
  const row = reader.get<Row>(
    "SELECT * FROM incidents WHERE breach_key = ? AND status IN ('open','acknowledged','mitigated') ORDER BY detected_at DESC LIMIT 1",
    [breachKey],
  );
  return row ? toIncident(row) : undefined;
}

export function raiseSeverityTx(tx: Tx, id: string, severity: Severity, at: string, reason: string): void {
  tx.run("UPDATE incidents SET severity = ? WHERE id = ?", [severity, id]);
  tx.run("INSERT INTO incident_events (incident_id, at, actor, action, note) VALUES (?,?,?,?,?)", [
    id,
    at,
    null,
    "escalate",
    reason,
  ]);
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** Due times from the SEV table and which are overdue at `now`. */
export function deadlines(i: Incident, now = new Date()) {
  const t = SEV_TABLE[i.severity];
  const nowIso = now.toISOString();
  const active = i.status === "open" || i.status === "acknowledged" || i.status === "mitigated";
  const due = {
    acknowledge: plus(i.detectedAt, t.acknowledgeMs),
    mitigate: t.mitigateMs === null ? null : plus(i.detectedAt, t.mitigateMs),
    restore: plus(i.startedAt, t.restoreMs),
    nextUpdate: active ? plus(i.lastUpdateAt ?? i.detectedAt, t.updateEveryMs) : null,
    review: i.resolvedAt ? plus(i.resolvedAt, REVIEW_WITHIN_MS) : null,
  };
  const late = (deadline: string | null, doneAt: string | null) =>
    deadline !== null && (doneAt ? doneAt > deadline : nowIso > deadline);
  return {
    due,
    overdue: {
      acknowledge: late(due.acknowledge, i.acknowledgedAt),
      mitigate: due.mitigate !== null && late(due.mitigate, i.mitigatedAt),
      restore: late(due.restore, i.resolvedAt),
      update: due.nextUpdate !== null && nowIso > due.nextUpdate,
      review: due.review !== null && late(due.review, i.reviewedAt),
    },
    externalCommunication: t.externalCommunication,
  };
}
