/**
 * Scheduled tasks that must run once per schedule however many processes share the database (the
 * wait-time poller, the directory's threshold watchdog): a process runs a tick only if it is the
 * first to claim the tick's slot (server/core/task-slots.ts). The table lives in each
 * module's schema (its migrations create it with TASK_SLOTS_TABLE); the sql.js backends, one process
 * by design, claim every slot without a table.
 */
import type pg from "pg";

export const TASK_SLOTS_TABLE = `CREATE TABLE task_slots (
  task text NOT NULL,
  slot bigint NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task, slot)
)`;

/** Slots kept per task, so the table stays small. */
const KEPT_SLOTS = 100;

/** True for the one process that claims (task, slot) first; every other process gets false. */
export async function claimTaskSlot(pool: pg.Pool, task: string, slot: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    "INSERT INTO task_slots (task, slot) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    [task, slot],
  );
  if (rowCount === 1)
    await pool.query("DELETE FROM task_slots WHERE task = $1 AND slot < $2", [task, slot - KEPT_SLOTS]);
  return rowCount === 1;
}
