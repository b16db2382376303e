/**
 * Best-effort health-check ping after a timer run (spec 001 §6): GET the URL from the task's
 * ARCHIVE_HC_PING_* variable with a timeout. Never throws: a failed ping never fails the task.
 * The URL is not logged (it usually embeds a secret check id).
 */
/**
 * The check's failure signal, as healthchecks.io takes it: `/fail` after the path, before any
 * query ("…/slug?create=1" → "…/slug/fail?create=1"); appended to a query it reported success.
 */
export function failureUrl(url: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname.replace(/\/+$/, "")}/fail`;
  return u.href;
}

export async function ping(
  url: string | undefined,
  ok: boolean,
  timeoutMs = 5000,
): Promise<{ sent: boolean; error?: string }> {
  if (!url) return { sent: false };
  try {
    const target = ok ? url : failureUrl(url);
    const res = await fetch(target, {
      method: "GET",
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "follow",
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.ok ? { sent: true } : { sent: false, error: `ping answered ${res.status}` };
  } catch (err) {
    return {
      sent: false,
      error: (err as Error).name === "TimeoutError" ? `ping timed out after ${timeoutMs} ms` : "ping failed",
    };
  }
}
