// The operator view of the directory service: GET /api/v1/admin/observability (admin only).
export interface RouteStats {
  route: string;
  method: string;
  count: number;
  errorRate: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export interface Observability {
  generatedAt: string;
  routes: Record<"5m" | "1h" | "24h", RouteStats[]>;
  breakers: Array<{ name: string; state: "CLOSED" | "OPEN" | "HALF_OPEN"; flapping: boolean; stuckOpen: boolean }>;
  thresholds: { checks: Array<{ name: string; target: string; value: string; pass: boolean }>; healthy: boolean };
  impliedSeverity: string | null;
  activeIncidents: Array<{ id: string; severity: string; title: string; status: string }>;
}

export class AccessError extends Error {
  constructor(readonly status: 401 | 403) {
    super(`observability: HTTP ${status}`);
  }
}

export async function fetchObservability(): Promise<Observability> {
  const res = await fetch("/api/v1/admin/observability", { headers: { accept: "application/json" } });
  if (res.status === 401 || res.status === 403) throw new AccessError(res.status);
  if (!res.ok) throw new Error(`GET /api/v1/admin/observability answered ${res.status}`);
  return ((await res.json()) as { data: Observability }).data;
}
