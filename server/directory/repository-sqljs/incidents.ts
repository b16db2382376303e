/** The incident log on sql.js (tables `incidents` and `incident_events`, migrations/003 and 007). */

import { type IncidentSource, isMajorSeverity, type Severity } from "../../../shared/ops/incident.js";
import { ApiError } from "../../core/errors.js";
import type { Reader, Store, Tx } from "../../db/types.js";
import {
  assessSeverity,
  commanderChange,
  type Incident,
  type IncidentStatus,
  incidentChannel,
  incidentDay,
  incidentStep,
  type OpenInput,
} from "../incidents/incident-log.js";
import type { IncidentsRepository } from "../repository.js";

type Row = Record<string, string | number | null>;
const str = (v: string | number | null) => (v === null ? null : String(v));

export function toIncident(r: Row): Incident {
  return {
    id: String(r.id),
    severity: r.severity as Severity,
    title: String(r.title),
    status: r.status as IncidentStatus,
    source: r.source as IncidentSource,
    breachKey: str(r.breach_key),
    commander: str(r.commander),
    channel: str(r.channel),
    userFacing: Number(r.user_facing) === 1,
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

/** The latest active incident of a breach. */
const ACTIVE_BREACH =
  "SELECT * FROM incidents WHERE breach_key = ? AND status IN ('open','acknowledged','mitigated') ORDER BY detected_at DESC, seq DESC LIMIT 1";

const byId = (r: Reader, id: string) => r.get<Row>("SELECT * FROM incidents WHERE id = ?", [id]);

function addEvent(tx: Tx, id: string, at: string, actor: string | null, action: string, note: string | null) {
  tx.run("INSERT INTO incident_events (incident_id, at, actor, action, note) VALUES (?,?,?,?,?)", [
    id,
    at,
    actor,
    action,
    note,
  ]);
}

function openIncident(tx: Tx, input: OpenInput, now: Date): Incident {
  const day = incidentDay(now);
  const seq =
    Number(tx.get<{ n: number | null }>("SELECT MAX(seq) AS n FROM incidents WHERE day = ?", [day])?.n ?? 0) +
    1;
  if (seq > 999) throw new ApiError("Conflict", `Day ${day} already has 999 incidents.`);
  const id = `INC-${day}-${String(seq).padStart(3, "0")}`;
  const at = now.toISOString();
  // SEV-1 and SEV-2 get a dedicated channel and a commander.
  const major = isMajorSeverity(input.severity);
  const channel = major ? incidentChannel(id) : null;
  tx.run(
    `INSERT INTO incidents (id, day, seq, severity, title, status, source, breach_key, commander, channel, user_facing, started_at, detected_at)
     VALUES (?,?,?,?,?,'open',?,?,?,?,?,?,?)`,
    [
      id,
      day,
      seq,
      input.severity,
      input.title,
      input.source ?? "manual",
      input.breachKey ?? null,
      major ? input.commander?.trim() || null : null,
      channel,
      input.userFacing ? 1 : 0,
      input.startedAt ?? at,
      at,
    ],
  );
  addEvent(tx, id, at, input.actor ?? null, "open", input.title);
  return toIncident(byId(tx, id) as Row);
}

export function sqljsIncidents(store: Store): IncidentsRepository {
  return {
    openIncident: (input, now) => store.write((tx) => openIncident(tx, input, now)),
    advanceIncident: (id, action, opts, now) =>
      store.write((tx) => {
        const at = now.toISOString();
        const row = byId(tx, id);
        if (!row) throw new ApiError("NotFound", `No incident ${id}.`);
        const step = incidentStep(toIncident(row), action, opts.commander);
        if (!step) tx.run("UPDATE incidents SET last_update_at = ? WHERE id = ?", [at, id]);
        else {
          // The column comes from the fixed step table, never from the request.
          tx.run(`UPDATE incidents SET status = ?, ${step.column} = ?, last_update_at = ? WHERE id = ?`, [
            step.status,
            at,
            at,
            id,
          ]);
          if (step.alsoMitigated) tx.run("UPDATE incidents SET mitigated_at = ? WHERE id = ?", [at, id]);
        }
        if (opts.falsePositive !== undefined)
          tx.run("UPDATE incidents SET false_positive = ? WHERE id = ?", [opts.falsePositive ? 1 : 0, id]);
        const commander = opts.commander?.trim();
        if (commander && commander !== row.commander) {
          tx.run("UPDATE incidents SET commander = ? WHERE id = ?", [commander, id]);
          addEvent(tx, id, at, opts.actor, "commander", commanderChange(toIncident(row), commander));
        }
        addEvent(tx, id, at, opts.actor, action, opts.note ?? null);
        return toIncident(byId(tx, id) as Row);
      }),
    async getIncident(id) {
      const row = byId(store, id);
      return row ? toIncident(row) : undefined;
    },
    async listIncidents(opts = {}) {
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
      return store.all<Row>(sql, params).map(toIncident);
    },
    incidentEvents: async (id) =>
      store.all<{ at: string; actor: string | null; action: string; note: string | null }>(
        "SELECT at, actor, action, note FROM incident_events WHERE incident_id = ? ORDER BY id",
        [id],
      ),
    openBreachIncident: (input, now) =>
      store.write((tx) => {
        const active = tx.get<Row>(ACTIVE_BREACH, [input.breachKey]);
        if (active) return { incident: toIncident(active), opened: false };
        return { incident: openIncident(tx, input, now), opened: true };
      }),
    async resolveBreachIncident(breachKey, notes, now) {
      // Read first: a healthy check (the usual case) writes nothing, so cached views stay valid.
      if (!store.get<Row>(ACTIVE_BREACH, [breachKey])) return null;
      return store.write((tx) => {
        const active = tx.get<Row>(ACTIVE_BREACH, [breachKey]);
        if (!active) return null;
        const id = String(active.id);
        const at = now.toISOString();
        if (active.status !== "open") {
          // A person is working on it and resolves it; the breach lets go, so the next one alerts.
          tx.run("UPDATE incidents SET breach_key = NULL, last_update_at = ? WHERE id = ?", [at, id]);
          addEvent(tx, id, at, null, "release", notes.released);
          return null;
        }
        tx.run(
          "UPDATE incidents SET status = 'resolved', resolved_at = ?, mitigated_at = COALESCE(mitigated_at, ?), last_update_at = ? WHERE id = ?",
          [at, at, at, id],
        );
        addEvent(tx, id, at, null, "resolve", notes.resolved);
        return toIncident(byId(tx, id) as Row);
      });
    },
    raiseIncidentSeverity: (id: string, severity: Severity, at: string, reason: string) =>
      store.write((tx) => {
        // A SEV-1/2 has its channel from the moment it becomes one.
        const channel = isMajorSeverity(severity) ? incidentChannel(id) : null;
        tx.run("UPDATE incidents SET severity = ?, channel = COALESCE(channel, ?) WHERE id = ?", [
          severity,
          channel,
          id,
        ]);
        addEvent(tx, id, at, null, "escalate", reason);
        return toIncident(byId(tx, id) as Row);
      }),
    assessIncidentSeverity: (id, assessment, now) =>
      store.write((tx) => {
        const row = byId(tx, id);
        if (!row) throw new ApiError("NotFound", `No incident ${id}.`);
        const before = toIncident(row);
        const next = assessSeverity(before, assessment);
        tx.run(
          "UPDATE incidents SET severity = ?, commander = ?, channel = ?, user_facing = ? WHERE id = ?",
          [next.severity, next.commander, next.channel, next.userFacing ? 1 : 0, id],
        );
        addEvent(tx, id, now.toISOString(), assessment.actor, "severity", next.note);
        return { incident: toIncident(byId(tx, id) as Row), previousSeverity: before.severity };
      }),
    nameIncidentCommander: (id, commander, actor, now) =>
      store.write((tx) => {
        const row = byId(tx, id);
        if (!row) throw new ApiError("NotFound", `No incident ${id}.`);
        const note = commanderChange(toIncident(row), commander);
        tx.run("UPDATE incidents SET commander = ? WHERE id = ?", [commander, id]);
        addEvent(tx, id, now.toISOString(), actor, "commander", note);
        return toIncident(byId(tx, id) as Row);
      }),
  };
}
