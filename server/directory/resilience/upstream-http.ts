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
 * Posts JSON to a webhook, where any 2xx answer is delivery whatever its body: Slack and
 * Mattermost answer the text `ok`, a Teams workflow 202 with no body. Only a non-2xx status, a
 * network error or the breaker's timeout is a failure.
 */
export async function postWebhook(breaker: Breaker, url: string, body: unknown): Promise<void> {
  await breaker.fire(async () => {
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
      if (!res.ok) throw new UpstreamError(`the webhook answered ${res.status}`);
    } finally {
      clearTimeout(timer);
    }
  });
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
