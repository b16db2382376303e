/**
 * JSON over HTTP to an upstream, always through a breaker and with an abort at the breaker's
 * timeout, so a stalled upstream frees its socket instead of piling up.
 */
import type { Breaker } from "../../core/breaker.js";

export class UpstreamError extends Error {}

export async function postJson<T>(
  breaker: Breaker,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return breaker.fire(async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), breaker.options.timeoutMs);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (!res.ok) throw new UpstreamError(`${url} answered ${res.status}`);
      const text = await res.text();
      return (text ? JSON.parse(text) : null) as T;
    } finally {
      clearTimeout(timer);
    }
  });
}

/**
 * The webhook was sent the request but gave no answer in time: it may well have posted the message
 * (a slow receiver), and a chat webhook has no idempotency key, so sending it again could post it
 * twice. Delivery is unknown, not failed.
 */
export class DeliveryUnknownError extends UpstreamError {}

/** A 429: the receiver asks for no further request before `retryAfterMs` (null: it did not say). */
export class RateLimitedError extends UpstreamError {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/** A Retry-After header (delay in seconds, or an HTTP date) in milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** opossum's own timeout, or the abort at the same moment: the request was made and got no answer. */
const timedOut = (err: unknown) =>
  (err as { code?: string })?.code === "ETIMEDOUT" || (err as { name?: string })?.name === "AbortError";

/**
 * Posts JSON to a webhook, where any 2xx answer is delivery whatever its body: Slack and
 * Mattermost answer the text `ok`, a Teams workflow 202 with no body. A non-2xx status or a network
 * error is a failure (UpstreamError). A 429 is the receiver pacing us, not failing: the breaker counts
 * it as an answer, and it rejects with RateLimitedError carrying Retry-After. No answer within the
 * breaker's timeout rejects with DeliveryUnknownError: the message may have been posted.
 */
export async function postWebhook(breaker: Breaker, url: string, body: unknown): Promise<void> {
  let limited: { retryAfterMs: number | null } | null;
  try {
    limited = await breaker.fire(async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), breaker.options.timeoutMs);
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: controller.signal,
        });
        // Read the body to the end so the connection is released; its content means nothing.
        await res.arrayBuffer();
        if (res.status === 429) return { retryAfterMs: retryAfterMs(res.headers.get("retry-after")) };
        if (!res.ok) throw new UpstreamError(`the webhook answered ${res.status}`);
        return null;
      } finally {
        clearTimeout(timer);
      }
    });
  } catch (err) {
    if (timedOut(err))
      throw new DeliveryUnknownError(
        `no answer within ${breaker.options.timeoutMs} ms after the request was sent: delivery unknown (it may have been posted), not sent again`,
      );
    throw err;
  }
  if (limited)
    throw new RateLimitedError(
      `the webhook answered 429 (rate limited${limited.retryAfterMs === null ? "" : `, Retry-After ${Math.ceil(limited.retryAfterMs / 1000)} s`})`,
      limited.retryAfterMs,
    );
}

export async function getJson<T>(
  breaker: Breaker,
  url: string,
  headers: Record<string, string> = {},
): Promise<T> {
  return breaker.fire(async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), breaker.options.timeoutMs);
    try {
      const res = await fetch(url, {
        headers: { accept: "application/json", ...headers },
        signal: controller.signal,
      });
      if (!res.ok) throw new UpstreamError(`${url} answered ${res.status}`);
      return (await res.json()) as T;
    } finally {
      clearTimeout(timer);
    }
  });
}
