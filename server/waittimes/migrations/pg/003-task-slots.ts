/**
 * PostgreSQL only: the poller's claimed slots, so several processes poll each feed once per cadence
 * (server/db/pg/task-slots.ts). sql.js runs in one process and needs no such table, so its
 * revision 3 is PostgreSQL's 4.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";
import { TASK_SLOTS_TABLE } from "../../../db/pg/task-slots.js";

export const pgTaskSlotsMigration: PgMigration = {
  version: 3,
  name: "task slots shared by processes",
  up: TASK_SLOTS_TABLE,
  down: "DROP TABLE task_slots",
};
