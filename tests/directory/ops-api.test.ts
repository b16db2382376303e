import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { type ChatReceiver, startChatReceiver } from "../helpers/directory/chat-receiver.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/directory/fake-upstream.js";
import { type SmtpRelay, startSmtpRelay } from "../helpers/directory/smtp-relay.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let dataDir: string;
/** Answers as a Slack incoming webhook does: 200 with the text `ok`. */
let webhook: ChatReceiver;
let ai: FakeUpstream;
/** The operators' mail relay (a real SMTP server); alerts go there as well as to chat. */
let relay: SmtpRelay;
let admin: string;
beforeAll(async () => {
  webhook = await startChatReceiver("slack");
  ai = await startFakeUpstream();
  relay = await startSmtpRelay({ starttls: false });
  dataDir = await prepareDirectoryData();
  server = await startTestServer({
    modules: [directoryModule],
    dataDir,
    env: {
      RATE_LIMIT_PER_MINUTE: "100000",
      ALERT_WEBHOOK_URL: `${webhook.url}/hooks/directory`,
      // One attempt per alert: the stalled receiver's failure is logged after one timeout, not three.
      ALERT_RETRIES: "0",
      // A stalled receiver's outcome (unknown) is logged after this, not after the 10 s default.
      ALERT_WEBHOOK_TIMEOUT_MS: "3000",
      ALERT_SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
      ALERT_MAIL_FROM: "alerts@example.ca",
      ALERT_MAIL_TO: "oncall@example.ca",
      APP_PUBLIC_URL: "https://app.example.ca",
      AI_BASE_URL: ai.url,
      AI_TIMEOUT_MS: "500",
      AI_BREAKER_RESET_MS: "600000",
    },
  });
  admin = await bearer(server.baseUrl, ACCOUNTS.admin);
});
afterAll(async () => {
  await server.close();
  await webhook.close();
  await ai.close();
  await relay.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (p: string) => `${server.baseUrl}${p}`;
const asAdmin = (p: string, init: RequestInit = {}) =>
  fetch(url(p), {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      authorization: `Bearer ${admin}`,
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
  });
const alertLog = () => {
  const file = path.join(dataDir, "directory-alerts.log");
  return existsSync(file)
    ? readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
    : [];
};
async function until<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("observability", () => {
  it("is for admins only", async () => {
    expect((await fetch(url("/api/v1/admin/observability"))).status).toBe(401);
    const partner = await bearer(server.baseUrl, ACCOUNTS.partnerA);
    expect(
      (await fetch(url("/api/v1/admin/observability"), { headers: { authorization: `Bearer ${partner}` } }))
        .status,
    ).toBe(403);
  });
  it("reports per-route figures over three windows and the thresholds with pass/fail", async () => {
    for (let i = 0; i < 5; i++) await fetch(url("/api/v1/services?limit=2"));
    const body = (await (await asAdmin("/api/v1/admin/observability")).json()).data;
    const list = body.routes["5m"].find(
      (r: { route: string; method: string }) => r.route === "/api/v1/services" && r.method === "GET",
    );
    expect(list.count).toBeGreaterThanOrEqual(5);
    expect(list.p95).toBeGreaterThanOrEqual(0);
    expect(Object.keys(body.routes)).toEqual(["5m", "1h", "24h"]);
    expect(body.thresholds.checks.map((c: { name: string }) => c.name)).toEqual([
      "error rate",
      "p95 latency",
      "circuit breakers",
      "database",
    ]);
    expect(
      body.thresholds.checks.every(
        (c: { pass: boolean; value: string; target: string }) =>
          typeof c.pass === "boolean" && c.value && c.target,
      ),
    ).toBe(true);
    // Healthy unless this busy test machine pushed a route's p95 past 800 ms: either way the two agree.
    expect(body.impliedSeverity === null).toBe(
      body.thresholds.checks.every((c: { pass: boolean }) => c.pass),
    );
    expect(body.thresholds.checks.find((c: { name: string }) => c.name === "database").pass).toBe(true);
    expect(body.breakers.map((b: { name: string }) => b.name)).toContain("ai");
  });
});

describe("incidents over the API", () => {
  it("opens a SEV-2 with its channel, posts it to the webhook and the alert log, and walks the lifecycle", async () => {
    const res = await asAdmin("/api/v1/admin/incidents", {
      method: "POST",
      body: JSON.stringify({ severity: "SEV-2", title: "Search slow for some users", commander: "Dana" }),
    });
    expect(res.status).toBe(201);
    const inc = (await res.json()).data;
    expect(inc.id).toMatch(/^INC-\d{8}-\d{3}$/);
    expect(inc.channel).toBe(`#${inc.id.toLowerCase()}`);
    expect(inc.due.acknowledge).toBeTruthy();
    const hook = await until(() => webhook.received.find((r) => r.body.includes(inc.id)));
    expect(hook.path).toBe("/hooks/directory");
    expect(JSON.parse(hook.body)).toMatchObject({
      channel: inc.channel,
      text: expect.stringContaining("SEV-2"),
    });
    expect(alertLog().some((e) => e.incidentId === inc.id && e.via === "log")).toBe(true);
    await until(() => alertLog().find((e) => e.incidentId === inc.id && e.via === "chat"));
    await until(() => alertLog().find((e) => e.incidentId === inc.id && e.via === "mail"));
    expect(alertLog().filter((e) => e.incidentId === inc.id && e.via === "chat")).toMatchObject([
      { delivered: true },
    ]);
    const delivery = (await (await asAdmin("/api/v1/admin/observability")).json()).data.alertDelivery;
    expect(delivery.channels).toMatchObject([
      { name: "chat", configured: true, lastDeliveredAt: expect.any(String) },
      { name: "mail", configured: true, lastDeliveredAt: expect.any(String) },
    ]);
    const mail = relay.messages.find((m) =>
      m.raw.includes(`Subject: [SEV-2] ${inc.id} Search slow for some users`),
    );
    expect(mail?.to).toEqual(["oncall@example.ca"]);
    // Read as a mail client reads it: the body may come quoted-printable, its long lines folded.
    const body = (await simpleParser(mail?.raw ?? "")).text;
    expect(body).toContain(`https://app.example.ca/admin/observability#${inc.id.toLowerCase()}`);
    expect((await asAdmin(`/api/v1/admin/incidents/${inc.id}/review`, { method: "POST" })).status).toBe(409);
    for (const step of ["acknowledge", "mitigate", "resolve", "review", "close"]) {
      const r = await asAdmin(`/api/v1/admin/incidents/${inc.id}/${step}`, {
        method: "POST",
        body: JSON.stringify({ note: `${step} done` }),
      });
      expect(r.status, step).toBe(200);
    }
    const full = (await (await asAdmin(`/api/v1/admin/incidents/${inc.id}`)).json()).data;
    expect(full.status).toBe("closed");
    expect(full.events.map((e: { action: string }) => e.action)).toEqual([
      "open",
      "acknowledge",
      "mitigate",
      "resolve",
      "review",
      "close",
    ]);
    expect((await asAdmin("/api/v1/admin/incidents/INC-20990101-001")).status).toBe(404);
    expect((await asAdmin("/api/v1/admin/incidents/not-an-id")).status).toBe(400);
    expect(
      (
        await asAdmin("/api/v1/admin/incidents", {
          method: "POST",
          body: JSON.stringify({ severity: "SEV-9", title: "x" }),
        })
      ).status,
    ).toBe(400);
    const report = (
      await (
        await asAdmin(
          `/api/v1/admin/incidents/report?quarter=${new Date().getUTCFullYear()}-Q${Math.floor(new Date().getUTCMonth() / 3) + 1}`,
        )
      ).json()
    ).data;
    expect(report.incidents).toBeGreaterThanOrEqual(1);
    expect((await asAdmin("/api/v1/admin/incidents/report?quarter=2026-Q5")).status).toBe(400);
  });
  it("resolving a SEV-1/2 says so on chat and by mail; resolving a SEV-3 nobody was alerted of says nothing", async () => {
    const open = async (body: Record<string, unknown>) =>
      (
        await (
          await asAdmin("/api/v1/admin/incidents", { method: "POST", body: JSON.stringify(body) })
        ).json()
      ).data;
    const step = (id: string, action: string) =>
      asAdmin(`/api/v1/admin/incidents/${id}/${action}`, { method: "POST" });
    const major = await open({ severity: "SEV-1", title: "Nobody can sign in", commander: "Dana" });
    const minor = await open({ severity: "SEV-3", title: "One icon missing" });
    await until(() => relay.messages.find((m) => m.raw.includes(`${major.id} Nobody can sign in`)));
    for (const id of [major.id, minor.id]) {
      expect((await step(id, "acknowledge")).status).toBe(200);
      expect((await step(id, "resolve")).status).toBe(200);
    }
    const chat = await until(() => webhook.received.find((r) => r.body.includes(`${major.id} resolved`)));
    expect(JSON.parse(chat.body)).toMatchObject({
      channel: major.channel,
      text: expect.stringMatching(
        new RegExp(`^\\[SEV-1\\] ${major.id} resolved by ${ACCOUNTS.admin}: Nobody can sign in`),
      ),
    });
    const mail = await until(() =>
      relay.messages.find((m) => m.raw.includes(`Subject: [SEV-1] ${major.id} Resolved: Nobody can sign in`)),
    );
    expect(mail.to).toEqual(["oncall@example.ca"]);
    expect(
      alertLog()
        .filter((e) => e.via === "log" && e.incidentId === major.id)
        .map((e) => e.kind),
    ).toEqual(["incident", "resolved"]);
    expect(alertLog().some((e) => e.incidentId === minor.id)).toBe(false);
    expect(webhook.received.some((r) => r.body.includes(minor.id))).toBe(false);
  });
  it("a SEV-3/4 is not posted to the webhook but a failing webhook never blocks an SEV-1", async () => {
    const before = webhook.received.length;
    await asAdmin("/api/v1/admin/incidents", {
      method: "POST",
      body: JSON.stringify({ severity: "SEV-4", title: "Typo on a page" }),
    });
    webhook.mode = "stall";
    const t0 = Date.now();
    const res = await asAdmin("/api/v1/admin/incidents", {
      method: "POST",
      body: JSON.stringify({ severity: "SEV-1", title: "Database unavailable", commander: "Dana" }),
    });
    expect(res.status).toBe(201);
    expect(Date.now() - t0).toBeLessThan(2000);
    const id = (await res.json()).data.id;
    expect(alertLog().some((e) => e.incidentId === id && e.via === "log")).toBe(true);
    await until(() => alertLog().find((e) => e.via === "chat" && e.incidentId === id), 8000);
    expect(alertLog().filter((e) => e.via === "chat" && e.incidentId === id)).toMatchObject([
      { delivered: null, outcome: "unknown" },
    ]);
    expect(webhook.received.slice(before).some((r) => r.body.includes("Typo on a page"))).toBe(false);
    webhook.mode = "slack";
  });
  it("a threshold breach (AI breaker open) opens one SEV-3 incident automatically, without duplicates", async () => {
    ai.mode = "fail";
    for (let i = 0; i < 4; i++) {
      await fetch(url("/api/v1/ai/interpret"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: "rent" }),
      });
    }
    const first = (await (await asAdmin("/api/v1/admin/observability")).json()).data;
    // An open breaker implies SEV-3 (a loaded machine may add a slow-route reason on top).
    expect(first.impliedSeverity.reasons).toContain("breaker ai OPEN");
    expect(["SEV-3", "SEV-2"]).toContain(first.impliedSeverity.severity);
    expect(first.thresholds.checks.find((c: { name: string }) => c.name === "circuit breakers").pass).toBe(
      false,
    );
    expect(first.autoIncident).toMatchObject({ severity: first.impliedSeverity.severity, source: "auto" });
    const second = (await (await asAdmin("/api/v1/admin/observability")).json()).data;
    expect(second.autoIncident.id).toBe(first.autoIncident.id);
    const auto = (await (await asAdmin("/api/v1/admin/incidents?active=1")).json()).data.filter(
      (i: { source: string }) => i.source === "auto",
    );
    expect(auto).toHaveLength(1);
    expect(alertLog().some((e) => e.kind === "threshold" && e.incidentId === first.autoIncident.id)).toBe(
      true,
    );
    const health = await (await asAdmin("/api/v1/health")).json();
    expect(health.status).toBe("degraded");
    expect(health.checks.breakers.find((b: { name: string }) => b.name === "ai").state).toBe("OPEN");
  });
});
