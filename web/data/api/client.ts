// The web app's one way to call the server. Every API answer that is not 2xx carries the envelope
// {success:false, error, message}; apiRequest turns it into one ApiError (status, error type and the
// server's message) so pages tell "not found" from "refused" from "unavailable" the same way
// everywhere. A network failure (offline, server down) stays the browser's TypeError: callers that
// have a device copy fall back on it (see onlineFirst.ts), others show their error and retry.

/** An answer outside 2xx, with the envelope's type name and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The envelope's type name (ValidationError, NotFound…); "HttpError" when there was none. */
    readonly error: string,
    message: string,
    /** The parsed answer, for the few callers that read more of it (validation details). */
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A light shape check of a 2xx body: false means the server answered something unexpected. */
  check?: (body: T) => boolean;
}

/**
 * How API requests use the browser's HTTP cache. The server marks its reads `no-cache`, which
 * browsers still store (to revalidate later), so on a kiosk every answer of a visit, the words of
 * its searches in their addresses, would stay in the shared screen's browser cache, where the app
 * cannot remove them. Kiosk mode (web/state/kiosk.ts) sets "no-store": the answers are not stored
 * there at all. The service worker's fetch keeps the request's mode.
 */
let httpCacheMode: RequestCache | undefined;

export function keepApiAnswersOutOfHttpCache(on: boolean): void {
  httpCacheMode = on ? "no-store" : undefined;
}

/** A 2xx body with the answer's headers (the Date header dates a copy the service worker served). */
export interface ApiAnswer<T> {
  body: T;
  headers: Headers;
}

/**
 * When the server gave an answer (its Date header, never later than now, else now): the service
 * worker may hand back a copy it cached long ago, which must not pass for a fresh one.
 */
export function servedAt(headers: Headers): string {
  const served = Date.parse(headers.get("date") ?? "");
  return new Date(Number.isNaN(served) ? Date.now() : Math.min(served, Date.now())).toISOString();
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toError(method: string, path: string, res: Response, body: unknown): ApiError {
  const envelope = (body ?? {}) as { error?: unknown; message?: unknown };
  const error = typeof envelope.error === "string" ? envelope.error : "HttpError";
  const message =
    typeof envelope.message === "string"
      ? envelope.message
      : `${method} ${path.split("?")[0]} answered ${res.status}`;
  return new ApiError(res.status, error, message, body, res.headers);
}

/** Sends one request; resolves with the 2xx body and headers, rejects with ApiError otherwise. */
export async function apiAnswer<T>(path: string, options: RequestOptions<T> = {}): Promise<ApiAnswer<T>> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    ...(httpCacheMode ? { cache: httpCacheMode } : {}),
  });
  const body = await readJson(res);
  if (!res.ok) throw toError(method, path, res, body);
  // A 2xx that is not what the page expects is a fault of the answer, not a refusal: a plain Error.
  if (options.check && !options.check(body as T))
    throw new Error(`${method} ${path.split("?")[0]}: unexpected body`);
  return { body: body as T, headers: res.headers };
}

/** The 2xx body of one request (see apiAnswer). */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiAnswer(path, options)).body;
}

/** Seconds a 429 asks to wait (its Retry-After header), or null when it names none. */
export function retryAfterSeconds(error: ApiError): number | null {
  const seconds = Number(error.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** A 400's validation messages by field path ("email", "location.lat"), the first for each. */
export function fieldIssues(error: ApiError): Record<string, string> {
  const details = (error.body as { details?: { issues?: Array<{ path: string; message: string }> } } | null)
    ?.details;
  const fields: Record<string, string> = {};
  for (const issue of details?.issues ?? []) fields[issue.path] ??= issue.message;
  return fields;
}

/** The envelope of a successful directory or wait-time answer. */
export interface DataAnswer<T> {
  success?: boolean;
  data: T;
}

/** `{data}` answers (the directory and wait-time APIs): the data itself. */
export async function apiData<T>(path: string, options: RequestOptions<DataAnswer<T>> = {}): Promise<T> {
  return (await apiRequest<DataAnswer<T>>(path, options)).data;
}
