/**
 * The audit trail on sql.js (tables `audit_log` and `service_versions`, migrations/002): every
 * change to a service is recorded with who made it, when, and the record before and after.
 */
import type { Reader, Tx } from "../../db/types.js";
import { storedDuplicateFlag } from "../duplicate-flags.js";
import type { Actor, AuditEntry, DuplicateFlag, ServiceChange } from "../repository.js";

export function recordServiceChange(tx: Tx, change: ServiceChange): void {
  tx.run(
    "INSERT INTO audit_log (at, actor_id, actor_email, action, entity, entity_id, before_json, after_json) VALUES (?,?,?,?,?,?,?,?)",
    [
      change.at,
      change.actor?.id ?? null,
      change.actor?.email ?? null,
      change.action,
      "service",
      change.id,
      change.before === null ? null : JSON.stringify(change.before),
      change.after === null ? null : JSON.stringify(change.after),
    ],
  );
  tx.run(
    "INSERT OR REPLACE INTO service_versions (service_id, version, data_json, changed_at, changed_by) VALUES (?,?,?,?,?)",
    [change.id, change.version, JSON.stringify(change.after), change.at, change.actor?.email ?? null],
  );
}

/** Audits a new record that looks like existing ones (action "possible-duplicate"), by reference. */
export function recordDuplicateFlag(
  tx: Tx,
  flag: { at: string; actor: Actor; id: string; duplicates: DuplicateFlag[] },
): void {
  tx.run(
    "INSERT INTO audit_log (at, actor_id, actor_email, action, entity, entity_id, before_json, after_json) VALUES (?,?,?,?,?,?,?,?)",
    [
      flag.at,
      flag.actor?.id ?? null,
      flag.actor?.email ?? null,
      "possible-duplicate",
      "service",
      flag.id,
      null,
      JSON.stringify(storedDuplicateFlag(flag.duplicates)),
    ],
  );
}

export function readAuditLog(
  reader: Reader,
  opts: { entityId?: string; limit: number; offset: number },
): { entries: AuditEntry[]; total: number } {
  const where = opts.entityId ? "WHERE entity_id = ?" : "";
  const params = opts.entityId ? [opts.entityId] : [];
  const total = Number(
    reader.get<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_log ${where}`, params)?.n ?? 0,
  );
  const rows = reader.all<AuditRow>(`SELECT * FROM audit_log ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, [
    ...params,
    opts.limit,
    opts.offset,
  ]);
  return {
    total,
    entries: rows.map(auditEntryFromRow),
  };
}

export interface AuditRow {
  id: number;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
}

/** An audit row as the repository returns it (both backends). */
export function auditEntryFromRow(r: AuditRow): AuditEntry {
  return {
    id: Number(r.id),
    at: r.at,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    before: r.before_json ? JSON.parse(r.before_json) : null,
    after: r.after_json ? JSON.parse(r.after_json) : null,
  };
}

export function serviceOrganization(reader: Reader, id: string): string | null {
  return (
    reader.get<{ organization_id: string }>("SELECT organization_id FROM services WHERE id = ?", [id])
      ?.organization_id ?? null
  );
}
