/**
 * Revision 12: an annual edition's status is one of its five values (spec 001 §3). Revision 1
 * also let `indexed` (a job status) through. Rows holding anything else are first given the
 * status their flags justify (`search_ready` when the edition is search-ready, else
 * `needs_review` so an operator looks at it); then the database refuses any other value.
 * SQLite cannot add a CHECK to a table, and rebuilding `annual_editions` is refused while jobs
 * refer to it (foreign keys are on), so on sql.js the check is a pair of triggers that fail the
 * write with SQLite's own "CHECK constraint failed" message; PostgreSQL gets a real CHECK
 * (pg/012-edition-status.ts).
 */
import type { Migration } from "../../db/types.js";

export const EDITION_STATUSES = ["planned", "in_progress", "search_ready", "research_ready", "needs_review"];

const allowed = EDITION_STATUSES.map((s) => `'${s}'`).join(", ");

/** The same repair on both backends: what an edition with an unknown status is shown as. */
export const repairEditionStatuses = `UPDATE annual_editions
   SET status = CASE WHEN search_ready = 1 THEN 'search_ready' ELSE 'needs_review' END
 WHERE status NOT IN (${allowed});`;

const refuse = (event: "INSERT" | "UPDATE OF status") => `
CREATE TRIGGER annual_editions_status_${event === "INSERT" ? "insert" : "update"}
BEFORE ${event} ON annual_editions
WHEN NEW.status NOT IN (${allowed})
BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: annual_editions.status must be one of ${EDITION_STATUSES.join(", ")}'); END;`;

export const editionStatusMigration: Migration = {
  version: 12,
  name: "annual editions: status limited to its five values",
  up: `${repairEditionStatuses}${refuse("INSERT")}${refuse("UPDATE OF status")}`,
  down: "DROP TRIGGER annual_editions_status_insert; DROP TRIGGER annual_editions_status_update;",
};
