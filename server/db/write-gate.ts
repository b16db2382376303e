/**
 * Ties the writes a request makes to its time limit (core/http/request-timeout.ts), so that a
 * request answered "timed out" never changes anything and a write that is committing is never
 * answered "timed out". Past the limit, a write that has not begun is refused and the request
 * gets its 503; once one of the request's writes has begun, the limit lets the handler answer
 * with the real outcome. AsyncLocalStorage carries the gate from the middleware to the store.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { WriteAfterTimeoutError } from "./errors.js";

export class WriteGate {
  private expired = false;
  private began = false;

  /** The time limit passed: true if the request may be answered 503 (none of its writes began). */
  expire(): boolean {
    if (this.began) return false;
    this.expired = true;
    return true;
  }

  /** A write of this request is about to begin: false if the request was already answered 503. */
  begin(): boolean {
    if (this.expired) return false;
    this.began = true;
    return true;
  }

  get hasExpired(): boolean {
    return this.expired;
  }
}

const requestGate = new AsyncLocalStorage<WriteGate>();

/** Runs `fn` (a request's handlers) with `gate` applying to every write it makes. */
export function withWriteGate<T>(gate: WriteGate, fn: () => T): T {
  return requestGate.run(gate, fn);
}

/** The gate of the request this code runs for, if any (none for background tasks). */
export function currentWriteGate(): WriteGate | undefined {
  return requestGate.getStore();
}

/** A write refused because its request had already been answered "timed out". */
export function writeAfterTimeout(store: string): WriteAfterTimeoutError {
  return new WriteAfterTimeoutError(store);
}
