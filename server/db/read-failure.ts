/**
 * Tells a database that cannot answer (corrupt image, out of memory, a crashed WebAssembly
 * instance, a closed handle) from a query that is merely wrong (syntax, constraint, missing
 * table). Only the first kind makes health report the database check as failed.
 * The messages are SQLite's own texts for those result codes (sqlite3_errstr), as sql.js relays them.
 */
const DATABASE_FAILURES = [
  "database disk image is malformed", // SQLITE_CORRUPT
  "out of memory", // SQLITE_NOMEM
  "disk i/o error", // SQLITE_IOERR
  "file is not a database", // SQLITE_NOTADB
  "unable to open database file", // SQLITE_CANTOPEN
  "database closed", // sql.js, on a closed handle
];

export function isDatabaseFailure(err: unknown): boolean {
  if (err instanceof WebAssembly.RuntimeError) return true;
  // sql.js throws some of these as bare strings.
  const message = (err instanceof Error ? err.message : typeof err === "string" ? err : "").toLowerCase();
  return DATABASE_FAILURES.some((text) => message.includes(text));
}
