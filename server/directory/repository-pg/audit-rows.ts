/** The audit trail on PostgreSQL (tables `audit_log` and `service_versions`), as on sql.js. */
import type pg from "pg";
import { storedDuplicateFlag } from "../duplicate-flags.js";
import type { Actor, AuditEntry, DuplicateFlag, ServiceChange } from "../repository.js";
import { type AuditRow, auditEntryFromRow } from "../repository-sqljs/audit-rows.js";
import { all, one, type Queryable } from "./queries.js";

async function insertAudit(client: pg.ClientBase, values: unknown[]): Promise<void> {
  await client.query(
    `INSERT INTO audit_log (at, actor_id, actor_email, action, entity, entity_id, before_json, after_json)
     VALUES ($1,$2,$3,$4,'service',$5,$6,$7)`,
    values,
  );
}

export async function recordServiceChange(client: pg.ClientBase, change: ServiceChange): Promise<void> {
  await insertAudit(client, [
    change.at,
    change.actor?.id ?? null,
    change.actor?.email ?? null,
    change.action,
    change.id,
    change.before === null ? null : JSON.stringify(change.before),
    change.after === null ? null : JSON.stringify(change.after),
  ]);
  await client.query(
    `INSERT INTO service_versions (service_id, version, data_json, changed_at, changed_by) VALUES ($1,$2,$3,$4,$5)
     ON CONFLICT (service_id, version) DO UPDATE SET data_json = EXCLUDED.data_json,
       changed_at = EXCLUDED.changed_at, changed_by = EXCLUDED.changed_by`,
    [change.id, change.version, JSON.stringify(change.after), change.at, change.actor?.email ?? null],
  );
}

/** Audits a new record that looks like existing ones (action "possible-duplicate"), by reference. */
export async function recordDuplicateFlag(
  client: pg.ClientBase,
  flag: { at: string; actor: Actor; id: string; duplicates: DuplicateFlag[] },
): Promise<void> {
  await insertAudit(client, [
    flag.at,
    flag.actor?.id ?? null,
    flag.actor?.email ?? null,
    "possible-duplicate",
    flag.id,
    null,
    JSON.stringify(storedDuplicateFlag(flag.duplicates)),
  ]);
}

export async function readAuditLog(
  q: Queryable,
  opts: { entityId?: string; limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = opts.entityId ? "WHERE entity_id = $1" : "";
  const params: unknown[] = opts.entityId ? [opts.entityId] : [];
  const total = (await one<{ n: number }>(q, `SELECT COUNT(*) AS n FROM audit_log ${where}`, params))?.n ?? 0;
  const n = params.length;
  const rows = await all<AuditRow>(
    q,
    `SELECT * FROM audit_log ${where} ORDER BY id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, opts.limit, opts.offset],
  );
  return {
    total,
    entries: rows.map(auditEntryFromRow),
  };
}
