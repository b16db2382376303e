/**
 * The spec's three smoke checks after an incident: the health check returns status healthy; the
 * services listing returns a non-empty list; a search for a common term returns results.
 */
export interface SmokeResult {
  check: string;
  ok: boolean;
  detail: string;
}

async function attempt(check: string, run: () => Promise<string>): Promise<SmokeResult> {
  try {
    return { check, ok: true, detail: await run() };
  } catch (err) {
    return { check, ok: false, detail: err instanceof Error ? err.message : String(err) };
  }
}

async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`HTTP ${res.status}, not JSON`);
  }
  return { status: res.status, body };
}

export async function runSmoke(baseUrl: string, searchTerm = "food"): Promise<SmokeResult[]> {
  const base = baseUrl.replace(/\/+$/, "");
  return [
    await attempt("health", async () => {
      const { status, body } = await getJson(`${base}/api/v1/health`);
      if (body.status !== "healthy")
        throw new Error(`status is ${JSON.stringify(body.status)} (HTTP ${status}), expected "healthy"`);
      return "status healthy";
    }),
    await attempt("services listing", async () => {
      const { status, body } = await getJson(`${base}/api/v1/services?limit=5`);
      const data = body.data;
      if (status !== 200 || !Array.isArray(data)) throw new Error(`HTTP ${status}, no data list`);
      if (data.length === 0) throw new Error("the listing is empty");
      return `${data.length} services on the first page`;
    }),
    await attempt("search", async () => {
      const { status, body } = await getJson(`${base}/api/v1/search/services`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: searchTerm }),
      });
      const data = body.data;
      if (status !== 200 || !Array.isArray(data)) throw new Error(`HTTP ${status}, no results list`);
      const meta = body.meta as { mode?: string } | undefined;
      if (data.length === 0 || meta?.mode === "suggestions")
        throw new Error(`a search for "${searchTerm}" found no matching service`);
      return `"${searchTerm}" → ${data.length} results`;
    }),
  ];
}
