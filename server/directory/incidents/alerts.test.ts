import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import pino from "pino";
import { Registry } from "prom-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ChatReceiver, startChatReceiver } from "../../../tests/helpers/directory/chat-receiver.js";
import { type SmtpRelay, startSmtpRelay } from "../../../tests/helpers/directory/smtp-relay.js";
import { Breaker, DEFAULT_BREAKER } from "../../core/breaker.js";
import { loadConfig } from "../../core/config.js";
import { AlertMailer } from "./alert-mail.js";
import { ALERT_WEBHOOK_TIMEOUT_MS, type AlertChannels, Alerter } from "./alerts.js";

let dir: string;
let receiver: ChatReceiver;
let relay: SmtpRelay;
let plainRelay: SmtpRelay;
const breakers: Breaker[] = [];
const alerters: Alerter[] = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "alerts-"));
  receiver = await startChatReceiver();
  relay = await startSmtpRelay({ user: "alerts", pass: "s3cret-relay-pass" });
  plainRelay = await startSmtpRelay({ starttls: false });
});
afterEach(async () => {
  for (const a of alerters.splice(0)) await a.close();
  for (const b of breakers.splice(0)) b.shutdown();
  receiver.mode = "slack";
  relay.mode = "accept";
});
afterAll(async () => {
  await receiver.close();
  await relay.close();
  await plainRelay.close();
  rmSync(dir, { recursive: true, force: true });
});

const breaker = (name: string, timeoutMs = 500) => {
  const b = new Breaker(name, { timeoutMs });
  breakers.push(b);
  return b;
};
/** The relay's URL as an operator writes it; its certificate is self-signed, so the test trusts it by name. */
const relayUrl = () => `smtp://alerts:s3cret-relay-pass@127.0.0.1:${relay.port}?tls.rejectUnauthorized=false`;
const mailer = (url = relayUrl(), timeoutMs = 2000) =>
  new AlertMailer(
    {
      smtpUrl: url,
      from: "alerts@example.ca",
      to: ["oncall@example.ca", "backup@example.ca"],
      appUrl: "https://app.example.ca",
    },
    breaker("alert-mail", timeoutMs),
  );

function alerter(
  name: string,
  channels: Omit<AlertChannels, "retries" | "firstRetryMs"> & { retries?: number },
) {
  const logFile = path.join(dir, `${name}.log`);
  const alerts = new Alerter({ firstRetryMs: 50, retries: 0, ...channels }, logFile);
  alerters.push(alerts);
  const log = () =>
    readFileSync(logFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
  return { alerts, log };
}
const webhook = (timeoutMs = 500) => ({
  url: `${receiver.url}/hook`,
  breaker: breaker("alert-webhook", timeoutMs),
});
const outcomes = (log: Array<Record<string, unknown>>, via: string) =>
  log.filter((e) => e.via === via).map((e) => ({ incidentId: e.incidentId, delivered: e.delivered }));

describe("operator alerts to a chat webhook", () => {
  for (const mode of ["slack", "mattermost", "teams"] as const)
    it(`count any 2xx as delivered, as ${mode} answers, and keep the breaker closed`, async () => {
      receiver.mode = mode;
      const hook = webhook();
      const { alerts, log } = alerter(mode, { webhook: hook });
      // More alerts than the breaker's volume threshold: replies read as failures would open it.
      for (let i = 1; i <= 5; i++)
        alerts.send({
          kind: "incident",
          severity: "SEV-2",
          text: `Alert ${i}`,
          incidentId: `INC-20261128-00${i}`,
        });
      await alerts.settled();
      expect(outcomes(log(), "chat")).toEqual(
        [1, 2, 3, 4, 5].map((i) => ({ incidentId: `INC-20261128-00${i}`, delivered: true })),
      );
      expect(hook.breaker.state()).toBe("CLOSED");
      expect(receiver.received.at(-1)?.contentType).toBe("application/json");
    });

  it("tries again with back-off, and delivers once a failing receiver recovers", async () => {
    const { alerts, log } = alerter("recovers", { webhook: webhook(), retries: 2 });
    receiver.mode = "fail";
    const before = receiver.received.length;
    setTimeout(() => {
      receiver.mode = "slack";
    }, 120);
    alerts.send({
      kind: "incident",
      severity: "SEV-1",
      text: "Database down",
      incidentId: "INC-20261128-101",
    });
    await alerts.settled();
    // 500 at once, then 500 or ok after 50 ms, then ok after 200 ms more.
    expect(receiver.received.length - before).toBeGreaterThanOrEqual(2);
    expect(log().filter((e) => e.via === "chat")).toMatchObject([
      { incidentId: "INC-20261128-101", delivered: true, attempts: receiver.received.length - before },
    ]);
  });

  it("delivers through the breaker's trial call when the receiver failed long enough to open it", async () => {
    // The defaults' timing, at a fifteenth of the real scale (first retry 2 s, breaker open 30 s).
    const scale = DEFAULT_BREAKER.resetTimeoutMs / 2_000;
    const hook = {
      url: `${receiver.url}/hook`,
      breaker: new Breaker("alert-webhook", { resetTimeoutMs: 50 * scale }),
    };
    breakers.push(hook.breaker);
    const retries = loadConfig({ DATA_DIR: dir }).ALERT_RETRIES;
    const { alerts, log } = alerter("trial", { webhook: hook, retries });
    receiver.mode = "fail";
    // Failing until its failures open the breaker, then back before the breaker lets a call
    // through again, as after a webhook outage of a few seconds.
    const watch = setInterval(() => {
      if (hook.breaker.state() !== "OPEN") return;
      receiver.mode = "slack";
      clearInterval(watch);
    }, 5);
    alerts.send({
      kind: "threshold",
      severity: "SEV-3",
      text: "Slow answers",
      incidentId: "INC-20261128-102",
    });
    await alerts.settled();
    clearInterval(watch);
    expect(log().filter((e) => e.via === "chat")).toMatchObject([
      { incidentId: "INC-20261128-102", delivered: true },
    ]);
    expect(hook.breaker.state()).toBe("CLOSED");
    expect(hook.breaker.snapshot().transitions).toBe(3); // opened, half-open, closed by the trial
  });

  it("sends a webhook that answers too slowly once, and logs its delivery as unknown, not failed", async () => {
    const { alerts, log } = alerter("slow", { webhook: webhook(200), retries: 3 });
    receiver.mode = "slow";
    receiver.delayMs = 600; // answers 200 ok, after the breaker's timeout
    const before = receiver.received.length;
    alerts.send({
      kind: "incident",
      severity: "SEV-1",
      text: "Database down",
      incidentId: "INC-20261128-006",
    });
    await alerts.settled();
    // Slack's webhooks have no idempotency key: each resend would post the alert again.
    expect(receiver.received.length - before).toBe(1);
    expect(log().filter((e) => e.via === "chat")).toMatchObject([
      {
        incidentId: "INC-20261128-006",
        delivered: null,
        outcome: "unknown",
        attempts: 1,
        error: expect.stringContaining("delivery unknown"),
      },
    ]);
    expect(log().filter((e) => e.via === "none")).toMatchObject([{ undelivered: true, unknown: ["chat"] }]);
  });

  it("gives a slow but working webhook the time Slack may take (10 s by default)", () => {
    expect(loadConfig({ DATA_DIR: dir }).ALERT_WEBHOOK_TIMEOUT_MS).toBe(ALERT_WEBHOOK_TIMEOUT_MS);
    expect(ALERT_WEBHOOK_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
  });

  it("waits a 429's Retry-After (bounded) before trying again, and the breaker does not count it as failing", async () => {
    receiver.mode = "ratelimit";
    receiver.retryAfter = "20"; // as Slack said in the audit; the bound below keeps the test short
    const hook = webhook();
    const { alerts, log } = alerter("ratelimit", { webhook: hook, retries: 3, maxRetryAfterMs: 300 });
    const before = receiver.received.length;
    // Back to ok once it has answered 429 three times: more than the breaker's volume threshold.
    const recover = setInterval(() => {
      if (receiver.received.length - before >= 3) receiver.mode = "slack";
    }, 5);
    alerts.send({
      kind: "threshold",
      severity: "SEV-3",
      text: "Slow answers",
      incidentId: "INC-20261128-301",
    });
    await alerts.settled();
    clearInterval(recover);
    const times = receiver.received.slice(before).map((r) => r.at);
    expect(times).toHaveLength(4);
    // Each retry came after the Retry-After bound (300 ms), not the 50 ms back-off.
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(290);
    expect(log().filter((e) => e.via === "chat")).toMatchObject([
      { incidentId: "INC-20261128-301", delivered: true, attempts: 4 },
    ]);
    expect(hook.breaker.state()).toBe("CLOSED");
    expect(hook.breaker.snapshot().stats.failures).toBe(0);
  });

  it("logs a webhook still rate limited after every retry as failed, naming the 429 and its Retry-After", async () => {
    receiver.mode = "ratelimit";
    receiver.retryAfter = "20";
    const hook = webhook();
    const { alerts, log } = alerter("limited", { webhook: hook, retries: 3, maxRetryAfterMs: 60 });
    alerts.send({
      kind: "threshold",
      severity: "SEV-3",
      text: "Slow answers",
      incidentId: "INC-20261128-302",
    });
    await alerts.settled();
    expect(log().filter((e) => e.via === "chat")).toMatchObject([
      { delivered: false, outcome: "failed", attempts: 4, error: expect.stringContaining("429") },
    ]);
    expect(log().find((e) => e.via === "chat")?.error).toContain("Retry-After 20 s");
    // Four 429s are past the volume threshold: counted as failures they would have opened it.
    expect(hook.breaker.state()).toBe("CLOSED");
  });

  it("logs a delivery given up on with its incident, and one that never answers as unknown after the timeout", async () => {
    const { alerts, log } = alerter("fails", { webhook: webhook() });
    receiver.mode = "fail";
    alerts.send({
      kind: "incident",
      severity: "SEV-1",
      text: "Database down",
      incidentId: "INC-20261128-201",
    });
    await alerts.settled();
    receiver.mode = "stall";
    const t0 = Date.now();
    alerts.send({ kind: "incident", severity: "SEV-1", text: "Stalled", incidentId: "INC-20261128-202" });
    await alerts.settled();
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(log().filter((e) => e.via === "chat")).toMatchObject([
      {
        incidentId: "INC-20261128-201",
        delivered: false,
        outcome: "failed",
        error: expect.stringContaining("500"),
      },
      { incidentId: "INC-20261128-202", delivered: null, outcome: "unknown" },
    ]);
  });
});

describe("operator alerts by e-mail", () => {
  const alert = {
    kind: "incident" as const,
    severity: "SEV-1",
    title: "Database unavailable",
    text: "INC-20261128-007 opened: Database unavailable",
    incidentId: "INC-20261128-007",
    channel: "#inc-20261128-007",
    commander: "Dana Tremblay",
  };

  it("sends each alert to every mailbox through the relay, upgraded with STARTTLS, in English and French", async () => {
    const { alerts, log } = alerter("mail", { mail: mailer() });
    alerts.send(alert);
    await alerts.settled();
    expect(relay.messages).toHaveLength(1);
    const [sent] = relay.messages;
    expect(sent.secure).toBe(true);
    expect(sent.from).toBe("alerts@example.ca");
    expect(sent.to).toEqual(["oncall@example.ca", "backup@example.ca"]);
    const mail = await simpleParser(sent.raw);
    expect(mail.subject).toBe("[SEV-1] INC-20261128-007 Database unavailable");
    expect(mail.from?.text).toBe("alerts@example.ca");
    expect(mail.headers.get("content-language")).toBe("en, fr");
    const body = mail.text ?? "";
    for (const line of [
      "Incident: INC-20261128-007 opened: Database unavailable",
      "Severity: SEV-1",
      "Commander: Dana Tremblay",
      "Chat channel: #inc-20261128-007",
      "Operator page: https://app.example.ca/admin/observability#inc-20261128-007",
      "Gravité\u00a0: SEV-1",
      "Responsable\u00a0: Dana Tremblay",
      "Canal de discussion\u00a0: #inc-20261128-007",
    ])
      expect(body).toContain(line);
    expect(outcomes(log(), "mail")).toEqual([{ incidentId: "INC-20261128-007", delivered: true }]);
  });

  it("sends over a relay that offers no STARTTLS, and names a missing commander", async () => {
    const { alerts } = alerter("plain", { mail: mailer(`smtp://127.0.0.1:${plainRelay.port}`) });
    alerts.send({ ...alert, commander: null });
    await alerts.settled();
    const mail = await simpleParser(plainRelay.messages.at(-1)?.raw ?? "");
    expect(mail.text).toContain("Commander: not named yet (needs a commander)");
    expect(mail.text).toContain("Responsable\u00a0: pas encore nommé (à nommer)");
  });

  it("says a SEV-3 needs no commander: only a SEV-1/2 without one is flagged", async () => {
    const { alerts } = alerter("sev3", { mail: mailer(`smtp://127.0.0.1:${plainRelay.port}`) });
    alerts.send({
      kind: "threshold",
      severity: "SEV-3",
      title: "Directory thresholds breached: breaker ai OPEN",
      text: "INC-20261128-008 opened: Directory thresholds breached: breaker ai OPEN",
      incidentId: "INC-20261128-008",
      channel: null,
      commander: null,
    });
    await alerts.settled();
    const mail = await simpleParser(plainRelay.messages.at(-1)?.raw ?? "");
    expect(mail.subject).toContain("INC-20261128-008");
    expect(mail.text).not.toContain("needs a commander");
    expect(mail.text).not.toContain("à nommer");
    expect(mail.text).toContain("Commander: none");
    expect(mail.text).toContain("Responsable\u00a0: aucun");
  });

  it("tries a refusing relay again until it accepts", async () => {
    const { alerts, log } = alerter("refused", { mail: mailer(), retries: 3 });
    relay.mode = "refuse";
    const before = relay.attempts;
    const refused = relay.refusals;
    // The relay accepts again once it has refused this alert once.
    const recover = setInterval(() => {
      if (relay.refusals > refused) relay.mode = "accept";
    }, 5);
    alerts.send(alert);
    await alerts.settled();
    clearInterval(recover);
    expect(relay.attempts - before).toBeGreaterThanOrEqual(2);
    expect(log().filter((e) => e.via === "mail")).toMatchObject([
      { delivered: true, attempts: relay.attempts - before },
    ]);
  });

  it("gives up on a relay that hangs after the breaker's timeout, while chat is delivered without waiting", async () => {
    const { alerts, log } = alerter("hangs", { mail: mailer(relayUrl(), 600), webhook: webhook() });
    relay.mode = "hang";
    const t0 = Date.now();
    alerts.send(alert);
    // The chat message is delivered while the relay still hangs.
    await expect
      .poll(() => outcomes(log(), "chat"), { timeout: 2000 })
      .toEqual([{ incidentId: alert.incidentId, delivered: true }]);
    expect(outcomes(log(), "mail")).toEqual([]);
    await alerts.settled();
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(outcomes(log(), "mail")).toEqual([{ incidentId: alert.incidentId, delivered: false }]);
    expect(alerts.deliveryState().undelivered.count).toBe(0);
  });

  it("when chat and mail both fail, logs the alert as undelivered and counts it for the operator page", async () => {
    const { alerts, log } = alerter("both", { mail: mailer(), webhook: webhook() });
    relay.mode = "refuse";
    receiver.mode = "fail";
    alerts.send(alert);
    await alerts.settled();
    expect(log().filter((e) => e.via === "none")).toMatchObject([
      { incidentId: alert.incidentId, undelivered: true },
    ]);
    const state = alerts.deliveryState();
    expect(state.undelivered).toMatchObject({ count: 1, lastIncidentId: alert.incidentId });
    expect(state.channels.map((c) => [c.name, c.configured, c.lastFailedAt !== null])).toEqual([
      ["chat", true, true],
      ["mail", true, true],
    ]);
  });

  it("reports the deliveries of every process of the server, and those before a restart, from the alert log they share", async () => {
    // Two app processes (WORKERS=2) append to one DATA_DIR/directory-alerts.log.
    const { alerts: first } = alerter("shared", { mail: mailer(), webhook: webhook() });
    const registry = new Registry();
    const { alerts: other } = alerter("shared", { mail: mailer(), webhook: webhook(), registry });
    relay.mode = "refuse";
    receiver.mode = "fail";
    first.send(alert);
    await first.settled();
    // The process that sent nothing tells the operator page and /metrics the same as the one that did.
    expect(other.deliveryState().undelivered).toMatchObject({ count: 1, lastIncidentId: alert.incidentId });
    expect(other.deliveryState().channels.map((c) => c.lastFailedAt !== null)).toEqual([true, true]);
    expect(await registry.metrics()).toContain("directory_alerts_undelivered_total 1");
    // A process started afterwards (a restart) still knows.
    const { alerts: restarted } = alerter("shared", { mail: mailer(), webhook: webhook() });
    expect(restarted.deliveryState().undelivered.count).toBe(1);
    relay.mode = "accept";
    receiver.mode = "slack";
    other.send(alert);
    await other.settled();
    expect(first.deliveryState().channels.map((c) => c.lastDeliveredAt !== null)).toEqual([true, true]);
    expect(await registry.metrics()).toContain(
      'directory_alert_deliveries_total{channel="chat",outcome="delivered"} 1',
    );
  });

  it("writes an alert no channel delivered to the server's log at error level, without secrets, and counts it", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (l: string) => lines.push(l) });
    const registry = new Registry();
    const { alerts } = alerter("server-log", {
      mail: mailer(`smtp://alerts:wrong-pass-123@127.0.0.1:${relay.port}?tls.rejectUnauthorized=false`),
      webhook: {
        url: `${receiver.url}/services/T000/B000/webhook-key-456`,
        breaker: breaker("alert-webhook"),
      },
      logger,
      registry,
    });
    receiver.mode = "fail";
    alerts.send(alert);
    await alerts.settled();
    const errors = lines.map((l) => JSON.parse(l)).filter((e) => e.level === 50);
    expect(errors).toMatchObject([
      {
        incidentId: alert.incidentId,
        severity: "SEV-1",
        channels: { chat: { outcome: "failed" }, mail: { outcome: "failed" } },
        msg: expect.stringContaining("SEV-1 alert for INC-20261128-007 reached no channel"),
      },
    ]);
    const text = lines.join("");
    for (const secret of ["wrong-pass-123", "webhook-key-456", "/services/T000"])
      expect(text).not.toContain(secret);
    const metrics = await registry.metrics();
    for (const series of [
      'directory_alert_deliveries_total{channel="chat",outcome="failed"} 1',
      'directory_alert_deliveries_total{channel="mail",outcome="failed"} 1',
      'directory_alert_deliveries_total{channel="chat",outcome="delivered"} 0',
      "directory_alerts_undelivered_total 1",
    ])
      expect(metrics).toContain(series);
  });

  it("counts delivered alerts by channel, and logs nothing at error level for them", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (l: string) => lines.push(l) });
    const registry = new Registry();
    const { alerts } = alerter("counted", { mail: mailer(), webhook: webhook(), logger, registry });
    alerts.send(alert);
    await alerts.settled();
    expect(lines).toEqual([]);
    const metrics = await registry.metrics();
    expect(metrics).toContain('directory_alert_deliveries_total{channel="chat",outcome="delivered"} 1');
    expect(metrics).toContain('directory_alert_deliveries_total{channel="mail",outcome="delivered"} 1');
    expect(metrics).toContain("directory_alerts_undelivered_total 0");
  });

  it("never writes the relay's password to the alert log", async () => {
    const { alerts } = alerter("secret", {
      mail: mailer(`smtp://alerts:wrong-pass-123@127.0.0.1:${relay.port}?tls.rejectUnauthorized=false`),
    });
    alerts.send(alert);
    await alerts.settled();
    const text = readFileSync(path.join(dir, "secret.log"), "utf8");
    expect(text).toContain('"delivered":false');
    expect(text).not.toContain("wrong-pass-123");
  });
});

describe("the alert log's tally after the log is rotated", () => {
  // Lines as the alerter writes them: an alert, and an alert no channel delivered.
  const line = (o: object) => `${JSON.stringify(o)}\n`;
  const logged = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) =>
      line({
        at: new Date(Date.UTC(2026, 11, 1, 0, 0, 0, from + i)).toISOString(),
        via: "log",
        kind: "threshold",
        severity: "SEV-3",
        text: `breach ${from + i}`,
      }),
    ).join("");
  const undelivered = (incidentId: string, at: string) =>
    line({ at, via: "none", delivered: false, incidentId, undelivered: true });

  it("counts the new log from its first line when it was renamed away and a new one has grown past the old size", () => {
    const file = path.join(dir, "rotated.log");
    writeFileSync(file, logged(50) + undelivered("INC-OLD", "2026-12-01T00:00:01.000Z"));
    const { alerts } = alerter("rotated", {});
    expect(alerts.deliveryState().undelivered).toMatchObject({ count: 1, lastIncidentId: "INC-OLD" });
    // logrotate's default (create): the log is renamed and a new one made, which grows past the old
    // size before the next read, its first line an alert no channel delivered.
    renameSync(file, `${file}.1`);
    writeFileSync(file, undelivered("INC-1", "2026-12-02T00:00:00.000Z") + logged(60, 100));
    expect(alerts.deliveryState().undelivered).toMatchObject({ count: 1, lastIncidentId: "INC-1" });
    // And read on from there as it grows.
    appendFileSync(file, undelivered("INC-2", "2026-12-02T00:00:01.000Z"));
    expect(alerts.deliveryState().undelivered).toMatchObject({ count: 2, lastIncidentId: "INC-2" });
  });

  it("counts the log from its start when it was emptied in place (copytruncate) and written past the old size", async () => {
    const file = path.join(dir, "truncated.log");
    writeFileSync(file, logged(50));
    const registry = new Registry();
    const { alerts } = alerter("truncated", { registry });
    expect(alerts.deliveryState().undelivered.count).toBe(0);
    expect(await registry.metrics()).toContain("directory_alerts_undelivered_total 0");
    truncateSync(file, 0);
    appendFileSync(file, undelivered("INC-3", "2026-12-02T00:00:00.000Z") + logged(60, 100));
    expect(alerts.deliveryState().undelivered).toMatchObject({ count: 1, lastIncidentId: "INC-3" });
    expect(await registry.metrics()).toContain("directory_alerts_undelivered_total 1");
    // The same log growing is read on, not counted again.
    appendFileSync(file, logged(5, 200));
    expect(alerts.deliveryState().undelivered).toMatchObject({ count: 1, lastIncidentId: "INC-3" });
  });
});
