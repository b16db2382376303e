/**
 * Structured JSON logs (pino). Secrets never reach a log line: request headers are not logged,
 * and the redact list catches tokens, passwords and cookies wherever a caller puts them.
 * Standard output is written asynchronously and in chunks (standardOutput below): a blocking write
 * per request line costs more than the request itself. A write the disk refuses drops lines (counted
 * in logOutputStatus) and never stops the server. Timestamps are formatted once per millisecond.
 */
import { type Logger, pino } from "pino";
import { LogOutput, type LogOutputStatus } from "./log-output.js";
import { MethodRouteMap } from "./method-route-map.js";

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
  // It carries the database password.
  "DATABASE_URL",
  "*.DATABASE_URL",
  "connectionString",
  "*.connectionString",
];

/** The current time as ISO 8601, formatted once per millisecond however many lines share it. */
let isoMs = 0;
let isoText = "";
export function isoNow(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/**
 * Standard output, written from a buffer (log-output.ts): at least LOG_CHUNK_CHARS at a time (a couple
 * of hundred request lines under load, so one write call instead of hundreds), and whatever is waiting
 * every LOG_FLUSH_MS (a quiet server's lines still show at once to a person watching). What is left
 * is written when the server closes (main.ts) and when the process exits. One buffer per process,
 * however many loggers write to it. At most LOG_MAX_PENDING_CHARS wait; beyond, lines are dropped.
 */
const LOG_CHUNK_CHARS = 32 * 1024;
const LOG_FLUSH_MS = 200;
const LOG_MAX_PENDING_CHARS = 4 * 1024 * 1024;
let standardOutputStream: LogOutput | undefined;
function standardOutput(): LogOutput {
  if (!standardOutputStream) {
    const output = new LogOutput({
      fd: 1,
      chunkChars: LOG_CHUNK_CHARS,
      flushMs: LOG_FLUSH_MS,
      maxPendingChars: LOG_MAX_PENDING_CHARS,
    });
    process.on("exit", () => output.flushSync());
    standardOutputStream = output;
  }
  return standardOutputStream;
}

/** Lines standard output dropped and its last write error, for health details and metrics. */
export function logOutputStatus(): LogOutputStatus {
  return standardOutputStream?.status() ?? { droppedLines: 0, lastError: null, lastErrorAt: null };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: () => `,"time":"${isoNow()}"`,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? standardOutput(),
  );
}

export type { Logger };

export interface AccessRecord {
  reqId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

/**
 * The per-request access log. Its fields are fixed and none can hold a secret, so the line is
 * built directly, in the very format pino writes (level, time, fields, msg), and handed to the
 * logger's own destination (buffered standard output, see standardOutput). pino's generic
 * serializer and redaction pass would cost more than a small request itself.
 */
export function createAccessLog(logger: Logger): (record: AccessRecord) => void {
  const destination = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
  // The method and route part of the line, escaped once per pair: routes are templates, so the
  // pairs are few, and escaping them on every line cost more than the rest of the line.
  const methodRoutes = new MethodRouteMap<string>();
  const escaped = (method: string, route: string) =>
    `"method":${JSON.stringify(method)},"route":${JSON.stringify(route)}`;
  return ({ reqId, method, route, status, durationMs }) => {
    if (!logger.isLevelEnabled("info")) return;
    // Request ids are checked or made of these characters (http/observe.ts): nothing to escape.
    const id = PLAIN_ID.test(reqId) ? `"${reqId}"` : JSON.stringify(reqId);
    destination.write(
      `{"level":"info","time":"${isoNow()}","reqId":${id},${methodRoutes.getOrAdd(method, route, escaped)},` +
        `"status":${status},"durationMs":${durationMs},"msg":"request"}\n`,
    );
  };
}

const PLAIN_ID = /^[A-Za-z0-9._-]*$/;
