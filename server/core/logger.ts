/**
 * Structured JSON logs (pino). Secrets never reach a log line: request headers are not logged,
 * and the redact list catches tokens, passwords and cookies wherever a caller puts them.
 * Standard output is written asynchronously (lines written while one write is pending are batched):
 * a blocking write per request line costs more than the request itself. Flushed on exit.
 */
import { type Logger, pino } from "pino";

export const REDACTED_PATHS = [
  "password",
  "*.password",
  "token",
  "*.token",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  "headers",
  "*.headers",
  "sessionId",
  "*.sessionId",
  "ARCHIVE_ADMIN_TOKEN",
  "*.ARCHIVE_ADMIN_TOKEN",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

export type { Logger };

/**
 * The per-request access log: fixed fields only (request id, method, route template, status,
 * duration), none of which can hold a secret, so it skips the redaction pass, which would
 * otherwise double the cost of every request's log line.
 */
export function createAccessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: [], censor: "[redacted]" } });
}
