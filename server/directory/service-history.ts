/**
 * One service's change history for the partner dashboard, read from the audit trail (the repository's `auditLog`):
 * who changed it, when, and which fields changed, with the values before and after. Unlike the
 * admin log it names only field-level changes, so a partner sees what moved without the raw rows.
 */
import type { FieldChange, HistoryEntry } from "../../shared/directory/history.js";
import type { ServiceEditsRepository } from "./repository.js";

/** Fields the server sets on every write: a change there says nothing a reader needs. */
const BOOKKEEPING = new Set(["version", "updatedAt"]);

const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Top-level fields whose JSON differs between two records, in the order they first appear. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const a = asRecord(before);
  const b = asRecord(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !BOOKKEEPING.has(k));
  return keys
    .filter((k) => JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null))
    .map((k) => ({ field: k, before: a[k] ?? null, after: b[k] ?? null }));
}

function versionOf(action: string, before: unknown, after: unknown): number | null {
  const v = action === "retire" ? asRecord(before).version : asRecord(after).version;
  if (typeof v !== "number") return null;
  return action === "retire" ? v + 1 : v;
}

export async function readServiceHistory(
  repo: ServiceEditsRepository,
  id: string,
  page: { limit: number; offset: number },
): Promise<{ entries: HistoryEntry[]; total: number }> {
  const { entries, total } = await repo.auditLog({ entityId: id, ...page });
  return {
    total,
    entries: entries.map((e) => ({
      id: e.id,
      at: e.at,
      actorEmail: e.actorEmail,
      action: e.action,
      version: versionOf(e.action, e.before, e.after),
      // A retire's "after" is a tombstone: only the deletion itself is news.
      changes: e.action === "retire" ? [] : changedFields(e.before, e.after),
    })),
  };
}
