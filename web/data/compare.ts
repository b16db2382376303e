// Methodology comparison of two hospitals (GET /api/compare?a=&b=), and the full hospital list
// (GET /api/hospitals) for choosing them.
import type { Comparison, Hospital } from "../../shared/waittimes/schemas";

export async function fetchAllHospitals(): Promise<Hospital[]> {
  const res = await fetch("/api/hospitals", { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`GET /api/hospitals answered ${res.status}`);
  const body = (await res.json()) as { success?: boolean; data?: Hospital[] };
  if (body.success !== true || !Array.isArray(body.data))
    throw new Error("GET /api/hospitals: unexpected body");
  return [...body.data].sort((x, y) => x.province.localeCompare(y.province) || x.name.localeCompare(y.name));
}

/** The divergence brief comes written in `lang` (the server writes English and French). */
export async function fetchComparison(a: string, b: string, lang: "en" | "fr"): Promise<Comparison> {
  const res = await fetch(`/api/compare?${new URLSearchParams({ a, b, lang })}`, {
    headers: { accept: "application/json" },
  });
  const body = (await res.json().catch(() => null)) as (Comparison & { message?: string }) | null;
  if (!res.ok || !body) throw new Error(body?.message ?? `GET /api/compare answered ${res.status}`);
  return body;
}
