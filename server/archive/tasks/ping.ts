/**
 * Best-effort health-check ping after a timer run (spec 001 §6): GET the URL from the task's
 * ARCHIVE_HC_PING_* variable with a timeout. Never throws: a failed ping never fails the task.
 * The URL is not logged (it usually embeds a secret check id).
 */
export async function ping(
  url: string | undefined,
  ok: boolean,
  timeoutMs = 5000,
): Promise<{ sent: boolean; error?: string }> {
  if (!url) return { sent: false };
  try {
    const target = ok ? url : `${url.replace(/\/+$/, "")}/fail`;
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
