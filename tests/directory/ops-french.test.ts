// The operator view's own words in French: threshold checks and the reasons for the implied
// severity, chosen by lang or Accept-Language; incidents keep the English title they were opened
// with (it also went out in alerts). An unknown lang is a 400 naming it.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  impliedSeverity,
  type ServiceState,
  thresholdChecks,
} from "../../server/directory/incidents/severity.js";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/directory/fake-upstream.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const NBSP = "\u00a0";
const fr = (n: number) => n.toLocaleString("fr-CA");
const calm: ServiceState = {
  databaseOk: true,
  databaseWritable: true,
  errorRate: 0.001,
  requests: 1000,
  p95Ms: 120,
  breakers: [{ name: "ai", state: "CLOSED", flapping: false, stuckOpen: false }],
};
const ai = (
  state: "OPEN" | "HALF_OPEN" | "CLOSED",
  more: { flapping?: boolean; stuckOpen?: boolean } = {},
) => [{ name: "ai", state, flapping: false, stuckOpen: false, ...more }];

describe("severity reasons and checks in French", () => {
  it("word every reason in French, figures the French way", () => {
    expect(impliedSeverity({ ...calm, databaseOk: false }, "fr")).toEqual({
      severity: "SEV-1",
      reasons: ["base de données indisponible"],
    });
    expect(impliedSeverity({ ...calm, breakers: ai("OPEN", { stuckOpen: true }) }, "fr")?.reasons).toEqual([
      "disjoncteur ai bloqué en position ouverte",
    ]);
    expect(impliedSeverity({ ...calm, p95Ms: 2500, errorRate: 0.125 }, "fr")?.reasons).toEqual([
      `latence p95 de ${fr(2500)}${NBSP}ms, au-dessus de ${fr(2000)}${NBSP}ms`,
      `taux d’erreur de 12,5${NBSP}%, au-dessus de 10${NBSP}%`,
    ]);
    expect(impliedSeverity({ ...calm, breakers: ai("CLOSED", { flapping: true }) }, "fr")?.reasons).toEqual([
      "disjoncteur ai instable (ouvertures répétées)",
    ]);
    expect(impliedSeverity({ ...calm, errorRate: 0.05, breakers: ai("HALF_OPEN") }, "fr")?.reasons).toEqual([
      `taux d’erreur de 5,0${NBSP}%, égal ou supérieur au seuil de 1${NBSP}%`,
      "disjoncteur ai SEMI-OUVERT",
    ]);
  });

  it("keeps the English wording unchanged (it goes into incident titles and alerts)", () => {
    expect(impliedSeverity({ ...calm, p95Ms: 2500, errorRate: 0.125 })?.reasons).toEqual([
      "p95 2500 ms above 2000 ms",
      "error rate 12.5% above 10%",
    ]);
    expect(impliedSeverity({ ...calm, errorRate: 0.05, p95Ms: 900, breakers: ai("OPEN") })?.reasons).toEqual([
      "error rate 5.0% at or above 1%",
      "p95 900 ms at or above 800 ms",
      "breaker ai OPEN",
    ]);
  });

  it("word the threshold checks in French", () => {
    const checks = thresholdChecks({ ...calm, errorRate: 0.0234, p95Ms: 900, breakers: ai("OPEN") }, "fr");
    expect(checks).toEqual([
      { name: "taux d’erreur", target: `<${NBSP}1${NBSP}%`, value: `2,34${NBSP}%`, pass: false },
      { name: "latence p95", target: `<${NBSP}800${NBSP}ms`, value: `900${NBSP}ms`, pass: false },
      { name: "disjoncteurs", target: "tous FERMÉS", value: "ai OUVERT", pass: false },
      { name: "base de données", target: "répond", value: "correcte", pass: true },
    ]);
    expect(thresholdChecks({ ...calm, errorRate: null, p95Ms: null }, "fr").map((c) => c.value)).toEqual([
      "aucun trafic",
      "aucun trafic",
      "tous FERMÉS",
      "correcte",
    ]);
  });
});

describe("GET /api/v1/admin/observability in French", () => {
  let server: TestServer;
  let dataDir: string;
  let upstream: FakeUpstream;
  let admin: string;
  beforeAll(async () => {
    // The AI provider is a real local HTTP server that fails, so the AI breaker opens (SEV-3).
    upstream = await startFakeUpstream();
    upstream.mode = "fail";
    dataDir = await prepareDirectoryData();
    server = await startTestServer({
      modules: [directoryModule],
      dataDir,
      env: { RATE_LIMIT_PER_MINUTE: "100000", AI_BASE_URL: upstream.url, AI_BREAKER_RESET_MS: "600000" },
    });
    admin = await bearer(server.baseUrl, ACCOUNTS.admin);
    for (let i = 0; i < 4; i++) {
      await fetch(`${server.baseUrl}/api/v1/ai/interpret`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: "rent" }),
      });
    }
  });
  afterAll(async () => {
    await server?.close();
    await upstream?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const view = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/v1/admin/observability${query}`, {
      headers: { authorization: `Bearer ${admin}`, ...headers },
    });

  it("serves the checks and the severity reasons in French with lang=fr or Accept-Language", async () => {
    const en = (await (await view("")).json()).data;
    expect(en.impliedSeverity.reasons).toContain("breaker ai OPEN");
    const res = await view("?lang=fr");
    expect(res.headers.get("content-language")).toBe("fr");
    const fr = (await res.json()).data;
    expect(fr.impliedSeverity.severity).toBe(en.impliedSeverity.severity);
    expect(fr.impliedSeverity.reasons).toContain("disjoncteur ai OUVERT");
    expect(fr.impliedSeverity.reasons.join(" ")).not.toMatch(/breaker|above|error rate/);
    expect(fr.thresholds.checks.map((c: { name: string }) => c.name)).toEqual([
      "taux d’erreur",
      "latence p95",
      "disjoncteurs",
      "base de données",
    ]);
    expect(fr.thresholds.checks[2].value).toBe("ai OUVERT");
    // The automatic incident keeps the English title it was opened with.
    expect(fr.autoIncident.title).toMatch(/^Directory thresholds breached: .*breaker ai OPEN/);

    const byHeader = (await (await view("", { "accept-language": "fr-CA, en;q=0.5" })).json()).data;
    expect(byHeader.impliedSeverity.reasons).toContain("disjoncteur ai OUVERT");
    const langWins = (await (await view("?lang=en", { "accept-language": "fr" })).json()).data;
    expect(langWins.impliedSeverity.reasons).toContain("breaker ai OPEN");
  });

  it("refuses an unknown lang with a 400 naming the parameter", async () => {
    const res = await view("?lang=es");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: "ValidationError" });
    expect(body.message).toContain('"lang"');
  });
});
