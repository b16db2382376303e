// The observability view's chart series (GET /api/v1/admin/observability → data.series), over the
// real server: steps per window, totals that agree with the per-route figures, 5xx answers counted
// as errors, and the schema published in /api/openapi.json.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceModule } from "../../server/core/module.js";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// The real directory module plus one route of the test's own that always fails, so that the
// error-rate series has 5xx answers to count.
const withFailingRoute: ServiceModule = {
  ...directoryModule,
  mountRoutes(app, ctx) {
    directoryModule.mountRoutes(app, ctx);
    app.get("/api/v1/ops-series-test/fail", () => {
      throw new Error("deliberate failure for the error-rate series");
    });
  },
};

interface Point {
  at: string;
  requests: number;
  errors: number;
  ratePerMinute: number;
  errorRate: number | null;
  p95: number | null;
}
type Window = "5m" | "1h" | "24h";
interface View {
  routes: Record<Window, Array<{ route: string; count: number; errorRate: number }>>;
  series: Record<Window, { stepSeconds: number; points: Point[] }>;
}

let server: TestServer;
let dataDir: string;
let admin: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  server = await startTestServer({
    modules: [withFailingRoute],
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
  admin = await bearer(server.baseUrl, ACCOUNTS.admin);
});
afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const view = async (): Promise<View> => {
  const res = await fetch(`${server.baseUrl}/api/v1/admin/observability`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};

describe("observability chart series", () => {
  it("has 30 steps of 10 s, 60 of 1 min and 96 of 15 min, oldest first, ending now", async () => {
    const before = Date.now();
    const { series } = await view();
    const expected: Record<Window, [number, number]> = { "5m": [10, 30], "1h": [60, 60], "24h": [900, 96] };
    for (const w of ["5m", "1h", "24h"] as const) {
      const [step, length] = expected[w];
      expect(series[w].stepSeconds, w).toBe(step);
      expect(series[w].points, w).toHaveLength(length);
      const times = series[w].points.map((p) => Date.parse(p.at));
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(step * 1000);
      const last = times[times.length - 1];
      expect(last).toBeLessThanOrEqual(Date.now());
      expect(last).toBeGreaterThan(before - step * 1000 - 1000);
    }
  });

  it("counts requests and 5xx answers, agreeing with the per-route figures", async () => {
    for (let i = 0; i < 12; i++)
      expect((await fetch(`${server.baseUrl}/api/v1/services?limit=1`)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await fetch(`${server.baseUrl}/api/v1/ops-series-test/fail`)).status).toBe(500);
    await fetch(`${server.baseUrl}/not-the-api`); // outside /api/v1: in neither figure
    const data = await view();
    for (const w of ["5m", "1h", "24h"] as const) {
      const points = data.series[w].points;
      const requests = points.reduce((n, p) => n + p.requests, 0);
      const errors = points.reduce((n, p) => n + p.errors, 0);
      const routeCount = data.routes[w].reduce((n, r) => n + r.count, 0);
      const routeErrors = data.routes[w].reduce((n, r) => n + Math.round(r.errorRate * r.count), 0);
      expect(requests, w).toBe(routeCount);
      expect(errors, w).toBe(routeErrors);
      expect(errors, w).toBeGreaterThanOrEqual(4);
      expect(requests, w).toBeGreaterThanOrEqual(16);
      const stepMinutes = data.series[w].stepSeconds / 60;
      for (const [i, p] of points.entries()) {
        if (p.requests === 0) expect(p).toMatchObject({ errorRate: null, p95: null, ratePerMinute: 0 });
        else {
          expect(p.errorRate).toBeCloseTo(p.errors / p.requests);
          // A finished step's rate is over the whole step; the one still running, over its part.
          if (i < points.length - 1) expect(p.ratePerMinute).toBeCloseTo(p.requests / stepMinutes);
          else expect(p.ratePerMinute).toBeGreaterThanOrEqual(p.requests / stepMinutes - 1e-9);
          expect(p.p95).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    const ok =
      doc.paths["/api/v1/admin/observability"].get.responses["200"].content["application/json"].schema;
    expect(ok.$ref).toBe("#/components/schemas/Observability");
    const point = doc.components.schemas.ObservabilitySeriesPoint;
    expect(Object.keys(point.properties).sort()).toEqual(
      ["at", "errorRate", "errors", "p95", "ratePerMinute", "requests"].sort(),
    );
    expect(doc.components.schemas.Incident.properties.overdue.properties.acknowledge.type).toBe("boolean");
  });

  it("answers 401 without a session, before any figure is computed", async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/admin/observability`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false });
  });
});
