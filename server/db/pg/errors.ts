/**
 * Which PostgreSQL failures mean "the database is not reachable right now" (down, restarting,
 * refusing connections, too slow): those answer 503 ServiceUnavailable and recover by themselves,
 * unlike a bug in a statement, which stays a 500.
 */

// Node socket errors seen while PostgreSQL is down or restarting.
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
// SQLSTATEs: shutting down (57P01-57P03), cancelled by statement_timeout (57014), too many connections (53300).
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "57014", "53300"]);
// The pg client's own messages for a pool that could not connect in time or a connection cut mid-query.
const CLIENT_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Query read timeout|Connection is closed/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") {
    if (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code)) return true;
    // Class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  return CLIENT_MESSAGES.test(err.message);
}
