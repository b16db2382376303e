/**
 * The incident log on PostgreSQL (as repository-sqljs/incidents.ts). Opening takes a lock on its
 * day before reading the day's highest number, so two processes opening at once get consecutive
 * ids, never the same one; `UNIQUE (day, seq)` would refuse a duplicate all the same.
 */
import type pg from "pg";
import { isMajorSeverity } from "../../../shared/ops/incident.js";
import { ApiError } from "../../core/errors.js";
import {
  assessSeverity,
  commanderChange,
  type Incident,
  incidentChannel,
  incidentDay,
  incidentStep,
  type OpenInput,
} from "../incidents/incident-log.js";
import type { Severity } from "../incidents/severity.js";
import type { IncidentsRepository } from "../repository.js";
import { toIncident } from "../repository-sqljs/incidents.js";
import { all, one, type Queryable, writeIn } from "./queries.js";

type Row = Record<string, string | number | null>;
const ACTIVE = "status IN ('open','acknowledged','mitigated')";
/** The latest active incident of a breach. */
const ACTIVE_BREACH = `SELECT * FROM incidents WHERE breach_key = $1 AND ${ACTIVE} ORDER BY detected_at DESC, seq DESC LIMIT 1`;

/** The breach's lock: opening and resolving its incident wait for each other under it. */
const lockBreach = (q: Queryable, breachKey: string) =>
  q.query("SELECT pg_advisory_xact_lock(hashtext('chc-incident-breach'), hashtext($1))", [breachKey]);

const byId = (q: Queryable, id: string) => one<Row>(q, "SELECT * FROM incidents WHERE id = $1", [id]);

async function addEvent(
  client: pg.ClientBase,
  id: string,
  at: string,
  actor: string | null,
  action: string,
  note: string | null,
) {
  await client.query(
    "INSERT INTO incident_events (incident_id, at, actor, action, note) VALUES ($1,$2,$3,$4,$5)",
    [id, at, actor, action, note],
  );
}

async function openIncident(client: pg.ClientBase, input: OpenInput, now: Date): Promise<Incident> {
  const day = incidentDay(now);
  await client.query("SELECT pg_advisory_xact_lock(hashtext('chc-incident-day'), hashtext($1))", [day]);
  const top = await one<{ n: number | null }>(client, "SELECT MAX(seq) AS n FROM incidents WHERE day = $1", [
    day,
  ]);
  const seq = Number(top?.n ?? 0) + 1;
  if (seq > 999) throw new ApiError("Conflict", `Day ${day} already has 999 incidents.`);
  const id = `INC-${day}-${String(seq).padStart(3, "0")}`;
  const at = now.toISOString();
  // SEV-1 and SEV-2 get a dedicated channel and a commander.
  const major = isMajorSeverity(input.severity);
  await client.query(
    `INSERT INTO incidents (id, day, seq, severity, title, status, source, breach_key, commander, channel, user_facing, started_at, detected_at)
     VALUES ($1,$2,$3,$4,$5,'open',$6,$7,$8,$9,$10,$11,$12)`,
    [
      id,
      day,
      seq,
      input.severity,
      input.title,
      input.source ?? "manual",
      input.breachKey ?? null,
      major ? input.commander?.trim() || null : null,
      major ? incidentChannel(id) : null,
      input.userFacing ? 1 : 0,
      input.startedAt ?? at,
      at,
    ],
  );
  await addEvent(client, id, at, input.actor ?? null, "open", input.title);
  return toIncident((await byId(client, id)) as Row);
}

export function pgIncidents(pool: pg.Pool): IncidentsRepository {
  const write = writeIn(pool);
  return {
    openIncident: (input, now) => write((client) => openIncident(client, input, now)),
    advanceIncident: (id, action, opts, now) =>
      write(async (client) => {
        const at = now.toISOString();
        // FOR UPDATE: two processes advancing the same incident decide one after the other.
        const row = await one<Row>(client, "SELECT * FROM incidents WHERE id = $1 FOR UPDATE", [id]);
        if (!row) throw new ApiError("NotFound", `No incident ${id}.`);
        const step = incidentStep(toIncident(row), action, opts.commander);
        if (!step) await client.query("UPDATE incidents SET last_update_at = $1 WHERE id = $2", [at, id]);
        else {
          // The column comes from the fixed step table, never from the request.
          await client.query(
            `UPDATE incidents SET status = $1, ${step.column} = $2, last_update_at = $2${step.alsoMitigated ? ", mitigated_at = $2" : ""} WHERE id = $3`,
            [step.status, at, id],
          );
        }
        if (opts.falsePositive !== undefined)
          await client.query("UPDATE incidents SET false_positive = $1 WHERE id = $2", [
            opts.falsePositive ? 1 : 0,
            id,
          ]);
        const commander = opts.commander?.trim();
        if (commander && commander !== row.commander) {
          await client.query("UPDATE incidents SET commander = $1 WHERE id = $2", [commander, id]);
          await addEvent(
            client,
            id,
            at,
            opts.actor,
            "commander",
            commanderChange(toIncident(row), commander),
          );
        }
        await addEvent(client, id, at, opts.actor, action, opts.note ?? null);
        return toIncident((await byId(client, id)) as Row);
      }),
    async getIncident(id) {
      const row = await byId(pool, id);
      return row ? toIncident(row) : undefined;
    },
    async listIncidents(opts = {}) {
      const where: string[] = [];
      const params: string[] = [];
      if (opts.from) where.push(`detected_at >= $${params.push(opts.from)}`);
      if (opts.to) where.push(`detected_at < $${params.push(opts.to)}`);
      if (opts.activeOnly) where.push(ACTIVE);
      const sql = `SELECT * FROM incidents ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY detected_at DESC, seq DESC`;
      return (await all<Row>(pool, sql, params)).map(toIncident);
    },
    incidentEvents: (id) =>
      all<{ at: string; actor: string | null; action: string; note: string | null }>(
        pool,
        "SELECT at, actor, action, note FROM incident_events WHERE incident_id = $1 ORDER BY id",
        [id],
      ),
    // The breach's lock makes the look and the open one step for every process.
    openBreachIncident: (input, now) =>
      write(async (client) => {
        await lockBreach(client, input.breachKey);
        const active = await one<Row>(client, ACTIVE_BREACH, [input.breachKey]);
        if (active) return { incident: toIncident(active), opened: false };
        return { incident: await openIncident(client, input, now), opened: true };
      }),
    async resolveBreachIncident(breachKey, notes, now) {
      // Read first: a healthy check (the usual case) writes nothing.
      if (!(await one<Row>(pool, ACTIVE_BREACH, [breachKey]))) return null;
      return write(async (client) => {
        // The breach's lock, as when opening: a process opening or resolving it waits for this one.
        await lockBreach(client, breachKey);
        const active = await one<Row>(client, ACTIVE_BREACH, [breachKey]);
        if (!active) return null;
        const id = String(active.id);
        const at = now.toISOString();
        if (active.status !== "open") {
          // A person is working on it and resolves it; the breach lets go, so the next one alerts.
          const released = await client.query(
            `UPDATE incidents SET breach_key = NULL, last_update_at = $1 WHERE id = $2 AND ${ACTIVE}`,
            [at, id],
          );
          if (released.rowCount) await addEvent(client, id, at, null, "release", notes.released);
          return null;
        }
        // Still untouched when the row is ours: a person acknowledging or resolving it
        // (advanceIncident holds its row) may commit first, and then it is theirs.
        const updated = await client.query(
          `UPDATE incidents SET status = 'resolved', resolved_at = $1, mitigated_at = COALESCE(mitigated_at, $1), last_update_at = $1 WHERE id = $2 AND status = 'open'`,
          [at, id],
        );
        if (updated.rowCount === 0) return null;
        await addEvent(client, id, at, null, "resolve", notes.resolved);
        return toIncident((await byId(client, id)) as Row);
      });
    },
    raiseIncidentSeverity: (id: string, severity: Severity, at: string, reason: string) =>
      write(async (client) => {
        // A SEV-1/2 has its channel from the moment it becomes one.
        const channel = isMajorSeverity(severity) ? incidentChannel(id) : null;
        await client.query(
          "UPDATE incidents SET severity = $1, channel = COALESCE(channel, $2) WHERE id = $3",
          [severity, channel, id],
        );
        await addEvent(client, id, at, null, "escalate", reason);
        return toIncident((await byId(client, id)) as Row);
      }),
    assessIncidentSeverity: (id, assessment, now) =>
      write(async (client) => {
        const row = await one<Row>(client, "SELECT * FROM incidents WHERE id = $1 FOR UPDATE", [id]);
        if (!row) throw new ApiError("NotFound", `No incident ${id}.`);
        const before = toIncident(row);
        const next = assessSeverity(before, assessment);
        await client.query(
          "UPDATE incidents SET severity = $1, commander = $2, channel = $3, user_facing = $4 WHERE id = $5",
          [next.severity, next.commander, next.channel, next.userFacing ? 1 : 0, id],
        );
        await addEvent(client, id, now.toISOString(), assessment.actor, "severity", next.note);
        return { incident: toIncident((await byId(client, id)) as Row), previousSeverity: before.severity };
      }),
    nameIncidentCommander: (id, commander, actor, now) =>
      write(async (client) => {
        const row = await one<Row>(client, "SELECT * FROM incidents WHERE id = $1 FOR UPDATE", [id]);
        if (!row) throw new ApiError("NotFound", `No incident ${id}.`);
        const note = commanderChange(toIncident(row), commander);
        await client.query("UPDATE incidents SET commander = $1 WHERE id = $2", [commander, id]);
        await addEvent(client, id, now.toISOString(), actor, "commander", note);
        return toIncident((await byId(client, id)) as Row);
      }),
  };
}
