/**
 * PostgreSQL only: what sql.js keeps in its one process's memory and several processes must share:
 * sign-in attempts within the throttle's window (repository-pg/sign-in-limits.ts) and the claimed
 * slots of the threshold watchdog (server/db/pg/task-slots.ts). sql.js revisions stop at 5.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";
import { TASK_SLOTS_TABLE } from "../../../db/pg/task-slots.js";

export const pgSharedLimits: PgMigration = {
  version: 6,
  name: "sign-in attempts and task slots shared by processes",
  up: `CREATE TABLE sign_in_attempts (
         attempt_id text NOT NULL,
         key text NOT NULL,
         at_ms bigint NOT NULL
       );
       CREATE INDEX sign_in_attempts_key ON sign_in_attempts (key, at_ms);
       CREATE INDEX sign_in_attempts_at ON sign_in_attempts (at_ms);
       ${TASK_SLOTS_TABLE};`,
  down: "DROP TABLE task_slots; DROP TABLE sign_in_attempts;",
};
