/**
 * The one error envelope of every API (DESIGN.md "Errors"):
 * `{"success": false, "error": "<TypeName>", "message": "..."}`.
 * Throw an ApiError anywhere in a handler; the app's onError turns it into the envelope.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { StoreUnavailableError } from "../db/errors.js";

export const errorStatus = {
  ValidationError: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  Conflict: 409,
  Gone: 410,
  PreconditionFailed: 412,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  PreconditionRequired: 428,
  RateLimited: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorType = keyof typeof errorStatus;

export interface ErrorEnvelope {
  success: false;
  error: ErrorType;
  message: string;
  /** Optional structured details (e.g. the current record on a 409); never a stack trace. */
  details?: unknown;
}

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = errorStatus[type];
  }
  toJSON(): ErrorEnvelope {
    const body: ErrorEnvelope = { success: false, error: this.type, message: this.message };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export const validationError = (message: string, details?: unknown) =>
  new ApiError("ValidationError", message, details);
export const notFound = (message: string) => new ApiError("NotFound", message);
export const conflict = (message: string, details?: unknown) => new ApiError("Conflict", message, details);
export const serviceUnavailable = (message: string, retryAfterSeconds?: number) =>
  new ApiError(
    "ServiceUnavailable",
    message,
    undefined,
    retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  );

export { StorageUnavailableError } from "../db/errors.js";

/**
 * The API's answer for an error thrown anywhere: an ApiError as it is, the store's refusals
 * (server/db/errors.ts: a disk that refuses, a write after the request timed out) as 503
 * ServiceUnavailable with their Retry-After; anything else has none (a 500 for the caller).
 */
export function apiErrorOf(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof StoreUnavailableError)
    return new ApiError(err.type, err.message, undefined, err.headers);
  return undefined;
}
