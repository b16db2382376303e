/**
 * Data access for operator decisions on shards (table `shard_decisions`, migration 006): every
 * accept, re-queue and exclude with who, when and why. The only place their SQL lives.
 */
import type { Reader, Tx } from "../../db/types.js";

export interface DecisionRow {
  id: number;
  edition_id: number;
  job_id: number;
  shard_key: string;
  action: "accept" | "requeue" | "exclude";
  from_state: string | null;
  to_state: string;
  reason: string;
  decided_by: string;
  decided_at: string;
}

export function insertDecision(tx: Tx, d: Omit<DecisionRow, "id">): void {
  tx.run(
    `INSERT INTO shard_decisions (edition_id, job_id, shard_key, action, from_state, to_state, reason, decided_by, decided_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      d.edition_id,
      d.job_id,
      d.shard_key,
      d.action,
      d.from_state,
      d.to_state,
      d.reason,
      d.decided_by,
      d.decided_at,
    ],
  );
}

export function decisionsOf(db: Reader, editionId: number): DecisionRow[] {
  return db.all<DecisionRow>("SELECT * FROM shard_decisions WHERE edition_id = ? ORDER BY id", [editionId]);
}
