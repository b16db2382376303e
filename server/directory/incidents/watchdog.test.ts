// The watchdog against a real incident log (sql.js in a temporary folder) and the operators' real
// counterparts: a Slack-like webhook receiver and an SMTP server standing in for the mail relay.
// The traffic and the breakers are set by the test, as the metrics and registry would report them.
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChatReceiver, startChatReceiver } from "../../../tests/helpers/directory/chat-receiver.js";
import { type SmtpRelay, startSmtpRelay } from "../../../tests/helpers/directory/smtp-relay.js";
import { openTempStore, type TempStore } from "../../../tests/helpers/temp-store.js";
import { Breaker, type BreakerRegistry, type BreakerSnapshot } from "../../core/breaker.js";
import type { ModuleContext } from "../../core/module.js";
import { createStore } from "../../db/store.js";
import { directoryModule } from "../index.js";
import { directoryRepository } from "../repository-of.js";
import { AlertMailer } from "./alert-mail.js";
import { Alerter } from "./alerts.js";
import { evaluateThresholds, STALE_CLAIM_MS } from "./watchdog.js";

let receiver: ChatReceiver;
let relay: SmtpRelay;
let temp: TempStore;
let alerter: Alerter;
const channelBreakers: Breaker[] = [];
/** What the metrics report for the last 5 minutes, and the breakers' states: set by each test. */
let routes: Array<{ method: string; route: string; count: number; errorRate: number; p95: number | null }>;
let snapshots: BreakerSnapshot[];

const NOW = new Date("2026-11-30T12:00:00Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const ctx = () => ({ store: temp.store, metrics: { window: () => routes } }) as unknown as ModuleContext;
const breakers = { snapshots: () => snapshots } as unknown as BreakerRegistry;
const evaluate = async (now: Date) => {
  const outcome = await evaluateThresholds(ctx(), breakers, alerter, now);
  await alerter.settled();
  return outcome;
};
const traffic = (count: number, errorRate: number) => {
  routes = [{ method: "GET", route: "/api/v1/services", count, errorRate, p95: 50 }];
};
const calm = () => {
  traffic(200, 0);
  snapshots = [];
};
const breakerSnapshot = (name: string, state: BreakerSnapshot["state"], flapping = false) =>
  ({ name, state, flapping, stuckOpen: false }) as BreakerSnapshot;
const chatTexts = () => receiver.received.map((r) => JSON.parse(r.body).text as string);
const subjects = async () =>
  Promise.all(relay.messages.map(async (m) => (await simpleParser(m.raw)).subject ?? ""));

beforeAll(async () => {
  receiver = await startChatReceiver("slack");
  relay = await startSmtpRelay({ starttls: false });
});
beforeEach(async () => {
  temp = await openTempStore(directoryModule);
  const breaker = (name: string) => {
    const b = new Breaker(name, { timeoutMs: 2000 });
    channelBreakers.push(b);
    return b;
  };
  alerter = new Alerter(
    {
      webhook: { url: `${receiver.url}/hook`, breaker: breaker("alert-webhook") },
      mail: new AlertMailer(
        {
          smtpUrl: `smtp://127.0.0.1:${relay.port}`,
          from: "alerts@example.ca",
          to: ["oncall@example.ca"],
          appUrl: "https://app.example.ca",
        },
        breaker("alert-mail"),
      ),
      retries: 0,
    },
    `${temp.dir}/directory-alerts.log`,
  );
  receiver.received.length = 0;
  relay.messages.length = 0;
  calm();
});
afterEach(async () => {
  await alerter.close();
  for (const b of channelBreakers.splice(0)) b.shutdown();
  await temp.close();
});
afterAll(async () => {
  await receiver.close();
  await relay.close();
});

describe("the watchdog's alerts", () => {
  it("sends one alert per channel when it opens a SEV-2 incident", async () => {
    traffic(200, 0.2);
    const { incident } = await evaluate(at(0));
    expect(incident).toMatchObject({ severity: "SEV-2", source: "auto" });
    expect(chatTexts()).toHaveLength(1);
    expect(chatTexts()[0]).toContain(`${incident?.id} opened: Directory thresholds breached`);
    expect(relay.messages).toHaveLength(1);
    expect(await subjects()).toEqual([expect.stringContaining(`[SEV-2] ${incident?.id}`)]);
    // The breach lasting alerts nothing more.
    await evaluate(at(1));
    expect(chatTexts()).toHaveLength(1);
    expect(relay.messages).toHaveLength(1);
  });
});

describe("the watchdog on a full disk", () => {
  it("reports the database refusing writes in its checks and alerts at SEV-2", async () => {
    // The directory's journal on /dev/full: every write fails with ENOSPC, reads keep working.
    await temp.store.close();
    const journal = path.join(temp.dir, "directory.journal");
    rmSync(journal, { force: true });
    symlinkSync("/dev/full", journal);
    const store = await createStore({
      dataDir: temp.dir,
      name: "directory",
      migrations: directoryModule.migrations,
      logger: { info() {}, warn() {}, error() {} } as never,
    });
    temp = { ...temp, store };
    const refused = await store
      .write((tx) => tx.run("DELETE FROM incidents"))
      .then(
        () => null,
        (e: Error) => e.message,
      );
    expect(refused).toMatch(/ENOSPC|cannot be written/);
    const { checks, implied } = await evaluate(at(0));
    expect(checks.find((c) => c.name === "database")).toMatchObject({ value: "writes refused", pass: false });
    expect(implied).toEqual({ severity: "SEV-2", reasons: ["database writes refused"] });
    // The incident cannot be recorded; the operators hear of it all the same.
    expect(chatTexts()).toEqual([
      expect.stringMatching(
        /^\[SEV-2\] Directory thresholds breached: database writes refused \(incident not recorded/,
      ),
    ]);
    rmSync(journal);
  });

  it("does not read 1 failure in 2 requests as an error rate of 50%", async () => {
    traffic(2, 0.5);
    const { checks, implied, incident } = await evaluate(at(0));
    expect(implied).toBeNull();
    expect(incident).toBeNull();
    expect(checks.every((c) => c.pass)).toBe(true);
    expect(chatTexts()).toEqual([]);
  });
});

describe("a breach that clears, then comes back", () => {
  it("resolves the watchdog's incident when the breach clears; the next breach opens a new one and alerts, and alerts again when it worsens", async () => {
    snapshots = [breakerSnapshot("alert-webhook", "OPEN")];
    const first = (await evaluate(at(0))).incident;
    expect(first).toMatchObject({ severity: "SEV-3", status: "open", source: "auto" });
    expect(chatTexts()).toEqual([expect.stringContaining(`${first?.id} opened`)]);

    // The breaker closes: every threshold passes, and once they have for five minutes the incident
    // is resolved with a history line.
    calm();
    const cleared = await evaluate(at(5));
    expect(cleared.implied).toBeNull();
    expect(cleared.resolved).toBeNull();
    const repo = directoryRepository(ctx());
    expect(await repo.getIncident(first?.id ?? "")).toMatchObject({ status: "open" });
    await evaluate(at(10));
    const after = await repo.getIncident(first?.id ?? "");
    expect(after).toMatchObject({ status: "resolved", resolvedAt: at(10).toISOString() });
    expect(after?.mitigatedAt).toBe(at(10).toISOString());
    expect((await repo.incidentEvents(first?.id ?? "")).at(-1)).toMatchObject({
      action: "resolve",
      note: expect.stringMatching(/breach cleared/i),
    });
    expect(await repo.listIncidents({ activeOnly: true })).toEqual([]);
    // Staying healthy writes nothing more.
    const version = await repo.dataVersion();
    await evaluate(at(11));
    expect(await repo.dataVersion()).toBe(version);

    // The breaker opens again: a new incident, and a new alert.
    snapshots = [breakerSnapshot("alert-webhook", "OPEN")];
    const second = (await evaluate(at(15))).incident;
    expect(second?.id).not.toBe(first?.id);
    expect(second).toMatchObject({ severity: "SEV-3", status: "open" });
    // (The second message said the first incident was resolved.)
    expect(chatTexts()).toHaveLength(3);
    expect(chatTexts()[2]).toContain(`${second?.id} opened`);

    // It worsens (the breaker flaps): the same incident escalates, and that alerts too.
    snapshots = [breakerSnapshot("alert-webhook", "OPEN", true)];
    const worse = (await evaluate(at(17))).incident;
    expect(worse).toMatchObject({ id: second?.id, severity: "SEV-2" });
    expect(chatTexts()).toHaveLength(4);
    expect(chatTexts()[3]).toContain(`${second?.id} escalated`);
  });
});

describe("the watchdog's resolved notice", () => {
  it("says on chat and by mail that its SEV-2 is resolved once the breach clears", async () => {
    traffic(200, 0.2);
    const { incident } = await evaluate(at(0));
    expect(incident).toMatchObject({ severity: "SEV-2" });
    calm();
    await evaluate(at(5));
    const { resolved } = await evaluate(at(10));
    expect(resolved).toMatchObject({ id: incident?.id, status: "resolved" });
    expect(chatTexts()).toHaveLength(2);
    expect(chatTexts()[1]).toMatch(new RegExp(`^\\[SEV-2\\] ${incident?.id} resolved by the watchdog`));
    expect(chatTexts()[1]).not.toContain("needs a commander");
    // Posted to the incident's own channel, as its opening was.
    expect(receiver.received.map((r) => JSON.parse(r.body).channel)).toEqual([
      incident?.channel,
      incident?.channel,
    ]);
    expect(relay.messages).toHaveLength(2);
    const mail = await simpleParser(relay.messages[1].raw);
    expect(mail.subject).toBe(`[SEV-2] ${incident?.id} Resolved: ${incident?.title}`);
    expect(mail.text).toContain(`Resolved: ${incident?.id} resolved by the watchdog`);
    expect(mail.text).toContain(`Résolu\u00a0: ${incident?.id} resolved by the watchdog`);
    expect(mail.text).not.toContain("needs a commander");
    // Staying healthy says nothing more.
    await evaluate(at(11));
    expect(chatTexts()).toHaveLength(2);
  });
});

describe("when the watchdog resolves its incident", () => {
  it("keeps one incident for a breach that clears and returns within five minutes", async () => {
    snapshots = [breakerSnapshot("alert-webhook", "OPEN")];
    const first = (await evaluate(at(0))).incident;
    calm();
    expect((await evaluate(at(1))).resolved).toBeNull();
    snapshots = [breakerSnapshot("alert-webhook", "OPEN")];
    expect((await evaluate(at(2))).incident?.id).toBe(first?.id);
    // The wait starts again from the last breach.
    calm();
    for (const minute of [3, 4, 5, 6, 7]) expect((await evaluate(at(minute))).resolved).toBeNull();
    expect((await evaluate(at(8))).resolved).toMatchObject({ id: first?.id, status: "resolved" });
    // One opening and one resolution were said, not one per flap.
    expect(chatTexts()).toEqual([
      expect.stringContaining(`${first?.id} opened`),
      expect.stringContaining(`${first?.id} resolved`),
    ]);
  });

  it("does not resolve while too few requests come in to tell whether the errors stopped", async () => {
    traffic(200, 0.2);
    const { incident } = await evaluate(at(0));
    expect(incident).toMatchObject({ severity: "SEV-2" });
    // A quiet night: 5 requests, none failing, say nothing about the errors.
    traffic(5, 0);
    for (const minute of [1, 10, 30, 60]) expect((await evaluate(at(minute))).resolved).toBeNull();
    const repo = directoryRepository(ctx());
    expect(await repo.getIncident(incident?.id ?? "")).toMatchObject({ status: "open" });
    // Traffic returns without errors: five minutes of it resolve the incident.
    traffic(200, 0);
    expect((await evaluate(at(61))).resolved).toBeNull();
    expect((await evaluate(at(66))).resolved).toMatchObject({ id: incident?.id, status: "resolved" });
  });

  it("leaves an incident a person has acknowledged for that person to resolve, and alerts the next breach", async () => {
    traffic(200, 0.2);
    const { incident } = await evaluate(at(0));
    const repo = directoryRepository(ctx());
    await repo.advanceIncident(incident?.id ?? "", "acknowledge", { actor: "oncall@example.ca" }, at(1));
    // A breach that returns within five minutes of clearing is still theirs: no second incident.
    calm();
    for (const minute of [2, 4]) expect((await evaluate(at(minute))).resolved).toBeNull();
    traffic(200, 0.2);
    expect((await evaluate(at(5))).incident?.id).toBe(incident?.id);
    // Cleared for five minutes: the watchdog does not resolve it, nor tell them it is over.
    calm();
    for (const minute of [6, 11, 20]) expect((await evaluate(at(minute))).resolved).toBeNull();
    expect(await repo.getIncident(incident?.id ?? "")).toMatchObject({ status: "acknowledged" });
    expect((await repo.incidentEvents(incident?.id ?? "")).at(-1)).toMatchObject({ action: "release" });
    expect(chatTexts()).toEqual([expect.stringContaining(`${incident?.id} opened`)]);
    // A later breach is a new incident and alerts, though the person has not resolved the first.
    traffic(200, 0.2);
    const later = (await evaluate(at(40))).incident;
    expect(later?.id).not.toBe(incident?.id);
    expect(chatTexts()).toHaveLength(2);
    expect(chatTexts()[1]).toContain(`${later?.id} opened`);
    expect(await repo.getIncident(incident?.id ?? "")).toMatchObject({ status: "acknowledged" });
  });
});

describe("the breach file of an outage the database could not record", () => {
  /** The directory's journal on /dev/full: every write fails with ENOSPC (a SEV-2), reads keep working. */
  const refuseWrites = async () => {
    await temp.store.close();
    const journal = path.join(temp.dir, "directory.journal");
    rmSync(journal, { force: true });
    symlinkSync("/dev/full", journal);
    const store = await createStore({
      dataDir: temp.dir,
      name: "directory",
      migrations: directoryModule.migrations,
      logger: { info() {}, warn() {}, error() {} } as never,
    });
    temp = { ...temp, store };
    // The store learns that writes are refused from a write it tries.
    await store.write((tx) => tx.run("DELETE FROM incidents")).catch(() => {});
    return () => rmSync(journal);
  };
  const breachFile = (severity: string) =>
    path.join(temp.dir, `directory-unrecorded-breach-${severity}.json`);
  const notRecorded = () => chatTexts().filter((t) => t.includes("(incident not recorded"));
  const strays = () =>
    readdirSync(temp.dir).filter((n) => n.startsWith("directory-unrecorded-breach-") && n.endsWith(".tmp"));

  it("an empty one (a process that died, or a disk that filled, as it was written) does not silence the next outage", async () => {
    // As open(O_CREAT|O_EXCL) then a write that never came left it.
    writeFileSync(breachFile("SEV-2"), "");
    const restore = await refuseWrites();
    const { implied } = await evaluate(at(0));
    expect(implied?.severity).toBe("SEV-2");
    expect(notRecorded()).toHaveLength(1);
    // The claim now holds the breach, whole; nothing written aside is left over.
    expect(JSON.parse(readFileSync(breachFile("SEV-2"), "utf8"))).toMatchObject({
      severity: "SEV-2",
      at: at(0).toISOString(),
    });
    expect(strays()).toEqual([]);
    // The outage lasting alerts nothing more.
    await evaluate(at(1));
    expect(notRecorded()).toHaveLength(1);
    restore();
  });

  it("an unreadable one is no claim with the database down either", async () => {
    writeFileSync(breachFile("SEV-1"), '{"severity":"SEV-1","at":"2026-11-');
    // The database not answering at all: a SEV-1.
    await temp.store.close();
    const { implied } = await evaluate(at(0));
    expect(implied?.severity).toBe("SEV-1");
    expect(notRecorded()).toHaveLength(1);
    expect(JSON.parse(readFileSync(breachFile("SEV-1"), "utf8"))).toMatchObject({ at: at(0).toISOString() });
    expect(strays()).toEqual([]);
    await evaluate(at(1));
    expect(notRecorded()).toHaveLength(1);
  });

  it("is alerted again once a day while the outage lasts, keeping the breach's start", async () => {
    const restore = await refuseWrites();
    await evaluate(at(0));
    expect(notRecorded()).toHaveLength(1);
    await evaluate(new Date(at(0).getTime() + STALE_CLAIM_MS - 60_000));
    expect(notRecorded()).toHaveLength(1);
    const later = new Date(at(0).getTime() + STALE_CLAIM_MS);
    await evaluate(later);
    expect(notRecorded()).toHaveLength(2);
    expect(JSON.parse(readFileSync(breachFile("SEV-2"), "utf8"))).toMatchObject({
      at: at(0).toISOString(),
      alertedAt: later.toISOString(),
    });
    await evaluate(new Date(later.getTime() + 60_000));
    expect(notRecorded()).toHaveLength(2);
    restore();
  });

  it("once the database answers, records the breach and removes its file, and an empty one beside it", async () => {
    writeFileSync(breachFile("SEV-3"), "");
    const restore = await refuseWrites();
    await evaluate(at(0));
    restore();
    expect(existsSync(breachFile("SEV-2"))).toBe(true);
    await temp.store.close();
    temp = {
      ...temp,
      store: await createStore({
        dataDir: temp.dir,
        name: "directory",
        migrations: directoryModule.migrations,
        logger: { info() {}, warn() {}, error() {} } as never,
      }),
    };
    calm();
    await evaluate(at(1));
    expect(existsSync(breachFile("SEV-2"))).toBe(false);
    expect(existsSync(breachFile("SEV-3"))).toBe(false);
    const [incident] = await directoryRepository(ctx()).listIncidents({ activeOnly: true });
    expect(incident).toMatchObject({ severity: "SEV-2", startedAt: at(0).toISOString() });
  });
});
