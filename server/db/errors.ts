/**
 * The store's own errors. A refused write is not an HTTP matter here: each class says what kind of
 * refusal it is in the error envelope's words (`type`, `status`, a `Retry-After`), and
 * `server/core/errors.ts` (`apiErrorOf`) turns it into the API's answer. server/db/ imports no
 * module and nothing of server/core/.
 */

/** A store error the API answers as 503 ServiceUnavailable with a Retry-After. */
export class StoreUnavailableError extends Error {
  readonly type = "ServiceUnavailable";
  readonly status = 503;
  readonly headers: Record<string, string>;
  constructor(message: string, retryAfterSeconds: number, cause?: unknown) {
    super(message);
    this.headers = { "Retry-After": String(retryAfterSeconds) };
    this.cause = cause;
  }
}

/** Thrown by the store when the disk refuses a write (ENOSPC, EACCES, EROFS...). Maps to 503. */
export class StorageUnavailableError extends StoreUnavailableError {
  constructor(message: string, cause?: unknown) {
    super(message, 30, cause);
  }
}

/** A write refused because its request had already been answered "timed out". Maps to 503. */
export class WriteAfterTimeoutError extends StoreUnavailableError {
  constructor(store: string) {
    super(
      `The request ran past the server's time limit before its ${store} write began; nothing was written.`,
      5,
    );
  }
}
