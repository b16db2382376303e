/**
 * Turns everything that can go wrong into the error envelope: thrown ApiErrors, Hono's
 * HTTPExceptions (malformed JSON, body limit), zod validation failures and unexpected throws
 * (500 InternalError, logged with its stack, never returned). A 503 from a refusing disk shows
 * file names relative to DATA_DIR; the log gets the full error. A PostgreSQL that is down or
 * restarting answers 503 ServiceUnavailable with Retry-After.
 */
import type { Hook } from "@hono/zod-openapi";
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Logger } from "pino";
import type { ZodError } from "zod";
import { isDatabaseUnavailable } from "../../db/pg/errors.js";
import { ApiError, apiErrorOf, StorageUnavailableError, serviceUnavailable } from "../errors.js";
import type { AppEnv } from "../module.js";
import type { PathHider } from "../public-paths.js";
import { sendKnown } from "./send.js";

export function errorResponse(c: Context, err: ApiError): Response | Promise<Response> {
  // Messages are written in English, whatever language the route chose for its answer.
  const headers: Record<string, string> = { "cache-control": "no-store", "content-language": "en" };
  // The unread rest of an oversized body would poison a kept-alive connection: close it.
  if (err.type === "PayloadTooLarge") headers.connection = "close";
  for (const [k, v] of Object.entries(err.headers ?? {})) headers[k.toLowerCase()] = v;
  return sendKnown(c as Context<AppEnv>, JSON.stringify(err.toJSON()), { status: err.status, headers });
}

export function onError(
  logger: Logger,
  hidePaths: PathHider = (text) => text,
  /** Told when a request found the database out of reach, so health checks again at once. */
  onDatabaseUnavailable: () => void = () => undefined,
): ErrorHandler<AppEnv> {
  return (thrown, c) => {
    // The store's own refusals (server/db/errors.ts) become their API answer here.
    const err = apiErrorOf(thrown) ?? thrown;
    if (thrown instanceof StorageUnavailableError) {
      logger.warn(
        { reqId: c.get("requestId"), err: err.message },
        "a write was refused: the disk refused it",
      );
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn({ reqId: c.get("requestId"), err: err.message }, "the database is unavailable");
      onDatabaseUnavailable();
      return errorResponse(c, databaseUnavailable());
    }
    if (err instanceof ApiError) {
      if (err.status < 500) return errorResponse(c, err);
      const shown = hidePaths(err.message);
      return errorResponse(
        c,
        shown === err.message ? err : new ApiError(err.type, shown, err.details, err.headers),
      );
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      if (status === 413) return errorResponse(c, payloadTooLarge());
      if (status === 400) {
        const message = /json/i.test(err.message)
          ? "Malformed JSON in the request body: send a valid JSON document."
          : err.message || "Bad request.";
        return errorResponse(c, new ApiError("ValidationError", message));
      }
      if (status === 401)
        return errorResponse(c, new ApiError("Unauthorized", err.message || "Authentication required."));
      if (status === 403) return errorResponse(c, new ApiError("Forbidden", err.message || "Forbidden."));
    }
    logger.error({ reqId: c.get("requestId"), err }, "unhandled error");
    return errorResponse(
      c,
      new ApiError("InternalError", "The server hit an unexpected error. It has been logged."),
    );
  };
}

/** PostgreSQL down, restarting or too slow: the client may retry shortly (the pool reconnects by itself). */
export const databaseUnavailable = () =>
  serviceUnavailable("The database is unavailable at the moment; try again in a few seconds.", 5);

export const notFoundApi: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(
    c,
    new ApiError("NotFound", `No API endpoint at ${c.req.method} ${c.req.path}. See /api/openapi.json.`),
  );

export function payloadTooLarge(limitBytes?: number): ApiError {
  const limit = limitBytes ? ` The limit is ${limitBytes} bytes.` : "";
  return new ApiError("PayloadTooLarge", `The request body is too large.${limit}`);
}

/**
 * Writes to /api that carry a body, or declare a type for one (even empty), must declare JSON:
 * anything else is a 415 before any parsing. An empty form or text body would otherwise reach a
 * route's JSON validator, which skips a body of another type, and the handler would find none.
 */
export function checkJsonBody(c: Context): void {
  const method = c.req.method;
  // Reads carry no body to check: asking for the headers below would be waste on every GET.
  if (method !== "POST" && method !== "PUT" && method !== "PATCH" && method !== "DELETE") return;
  const declared = c.req.header("content-type");
  const length = c.req.header("content-length");
  const hasBody = (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
  if (!hasBody && declared === undefined) return;
  const type = (declared ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new ApiError(
      "UnsupportedMediaType",
      `Content-Type ${type ? `"${type}"` : "(none)"} is not accepted: send the body as application/json.`,
    );
  }
}

// Half of a UTF-16 surrogate pair: JSON can carry one ("\ud800"), but no text encoding stores it.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as it was sent, or null. */
function unstorable(text: string): string | null {
  if (text.includes("\u0000")) return "text may not hold a NUL character (U+0000)";
  if (UNPAIRED_SURROGATE.test(text))
    return "text may not hold half of a character (an unpaired UTF-16 surrogate)";
  return null;
}

/**
 * Where `value` holds text no backend can store as sent, as a dotted path ("" for the value
 * itself) and why, or null: a NUL character (PostgreSQL refuses the statement) or half of a
 * surrogate pair (UTF-8 has no way to write it: sql.js would store U+FFFD instead of what was
 * acknowledged). No field of ours means either, so both are refused on every backend alike
 * before anything is written.
 */
export function unstorableTextAt(value: unknown, path = ""): { path: string; message: string } | null {
  if (typeof value === "string") {
    const message = unstorable(value);
    return message ? { path, message } : null;
  }
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = unstorableTextAt(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** zod-openapi validation hook: a 400 naming each bad parameter and what is allowed. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (result.success) {
    const found = unstorableTextAt(result.data);
    if (found === null) return;
    const label = TARGET_LABEL[result.target] ?? "field";
    const { path: at, message } = found;
    const name = at || (result.target === "json" ? "(body)" : "(value)");
    throw new ApiError("ValidationError", `Invalid ${label} "${name}": ${message}.`, {
      issues: [{ path: at, message }],
    });
  }
  throw new ApiError("ValidationError", describeZodError(result.error as ZodError, result.target), {
    issues: (result.error as ZodError).issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  });
};

const TARGET_LABEL: Record<string, string> = {
  query: "query parameter",
  param: "path parameter",
  json: "body field",
  header: "header",
  form: "form field",
  cookie: "cookie",
};

export function describeZodError(error: ZodError, target?: string): string {
  const label = TARGET_LABEL[target ?? ""] ?? "field";
  return error.issues
    .map((issue) => {
      const name = issue.path.length ? issue.path.join(".") : target === "json" ? "(body)" : "(value)";
      return `Invalid ${label} "${name}": ${issue.message}.`;
    })
    .join(" ");
}
