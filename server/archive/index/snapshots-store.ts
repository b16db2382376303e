/**
 * Snapshots and their full-text rows are written and read through the repository
 * (`recordCaptures`, `getSnapshot`…). The sql.js insert stays reachable here for the tests that
 * write a snapshot inside their own transaction.
 */
export type { NewSnapshot, SnapshotRow } from "../repository.js";
export { insertSnapshot } from "../repository-sqljs/captures.js";
