import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTempStore, type TempStore } from "../../../tests/helpers/temp-store.js";
import { BreakerRegistry } from "../../core/breaker.js";
import { loadConfig } from "../../core/config.js";
import { createLogger } from "../../core/logger.js";
import { RouteMetrics } from "../../core/route-metrics.js";
import type { Store } from "../../db/types.js";
import { directoryModule } from "../index.js";
import { directoryRepository } from "../repository-of.js";
import {
  deadlines,
  type IncidentAction,
  type IncidentActionOptions,
  incidentDay,
  type OpenInput,
} from "./incident-log.js";
import { programmeReport, quarterRange } from "./programme-report.js";
import { impliedSeverity } from "./severity.js";
import { currentState } from "./watchdog.js";

// The incident log as the routes use it: through the module's repository.
const openIncident = (store: Store, input: OpenInput, now = new Date()) =>
  directoryRepository({ store }).openIncident(input, now);
const advanceIncident = (
  store: Store,
  id: string,
  action: IncidentAction,
  opts: IncidentActionOptions,
  now = new Date(),
) => directoryRepository({ store }).advanceIncident(id, action, opts, now);
const listIncidents = (store: Store, opts?: { from?: string; to?: string; activeOnly?: boolean }) =>
  directoryRepository({ store }).listIncidents(opts);

describe("incident log", () => {
  let temp: TempStore;
  let store: Store;
  beforeEach(async () => {
    temp = await openTempStore(directoryModule);
    store = temp.store;
  });
  afterEach(() => temp.close());

  it("leaves sign-in, slow on purpose (scrypt), out of the p95 target", async () => {
    const metrics = new RouteMetrics();
    for (let i = 0; i < 20; i++) {
      metrics.record("POST", "/api/v1/auth/login", 200, 2500);
      metrics.record("GET", "/api/v1/services", 200, 40);
    }
    const ctx = {
      config: loadConfig({}),
      store,
      database: { kind: "sqljs" as const, store },
      logger: createLogger("silent"),
      metrics,
    };
    const state = await currentState(ctx, new BreakerRegistry());
    expect(state.p95Ms).toBeLessThan(100);
    expect(impliedSeverity(state)).toBeNull();
  });
  it("numbers incidents per UTC day, restarting at 00:00 UTC whatever the time in Toronto", async () => {
    // 23:58 UTC on March 6 is 18:58 in Toronto; 00:01 UTC on March 7 is still 19:01 on March 6 there.
    const times = [
      "2026-03-06T23:58:00Z",
      "2026-03-06T23:59:30Z",
      "2026-03-07T00:01:00Z",
      "2026-03-07T12:00:00Z",
    ];
    const severities = ["SEV-3", "SEV-2", "SEV-1", "SEV-4"] as const;
    const ids: string[] = [];
    const channels: Array<string | null> = [];
    for (const [k, time] of times.entries()) {
      const i = await openIncident(
        store,
        { severity: severities[k], title: `incident ${k}`, commander: "Dana" },
        new Date(time),
      );
      ids.push(i.id);
      channels.push(i.channel);
    }
    expect(ids).toEqual(["INC-20260306-001", "INC-20260306-002", "INC-20260307-001", "INC-20260307-002"]);
    expect(incidentDay(new Date("2026-07-01T03:30:00Z"))).toBe("20260701"); // 23:30 on June 30 in Toronto
    expect(channels).toEqual([null, "#inc-20260306-002", "#inc-20260307-001", null]);
  });

  it("moves through the lifecycle in order and refuses steps out of order", async () => {
    const t0 = new Date("2026-05-01T12:00:00Z");
    const i = await openIncident(
      store,
      { severity: "SEV-1", title: "db down", startedAt: "2026-05-01T11:57:00Z", commander: "Dana" },
      t0,
    );
    await expect(advanceIncident(store, i.id, "review", { actor: "x" })).rejects.toMatchObject({
      type: "Conflict",
    });
    const at = (m: number) => new Date(t0.getTime() + m * 60_000);
    await advanceIncident(store, i.id, "acknowledge", { actor: "ops" }, at(3));
    await advanceIncident(store, i.id, "mitigate", { actor: "ops" }, at(10));
    await advanceIncident(store, i.id, "resolve", { actor: "ops" }, at(40));
    await advanceIncident(store, i.id, "review", { actor: "ops", falsePositive: false }, at(60 * 24));
    const closed = await advanceIncident(store, i.id, "close", { actor: "ops" }, at(60 * 25));
    expect(closed.status).toBe("closed");
    expect([closed.acknowledgedAt, closed.mitigatedAt, closed.resolvedAt].every(Boolean)).toBe(true);
    const d = deadlines(closed, at(60 * 25));
    expect(d.due.acknowledge).toBe("2026-05-01T12:05:00.000Z");
    expect(d.due.mitigate).toBe("2026-05-01T12:15:00.000Z");
    expect(d.due.restore).toBe("2026-05-01T12:57:00.000Z");
    expect(d.overdue).toEqual({
      acknowledge: false,
      mitigate: false,
      restore: false,
      update: false,
      review: false,
    });
  });

  it("flags overdue steps from the SEV table", async () => {
    const t0 = new Date("2026-05-01T12:00:00Z");
    const i = await openIncident(store, { severity: "SEV-2", title: "slow", commander: "Dana" }, t0);
    const later = new Date(t0.getTime() + 20 * 60_000);
    expect(deadlines(i, later).overdue).toMatchObject({ acknowledge: true, mitigate: false, update: false });
    const muchLater = new Date(t0.getTime() + 5 * 60 * 60_000);
    expect(deadlines(i, muchLater).overdue).toMatchObject({
      acknowledge: true,
      mitigate: true,
      restore: true,
      update: true,
    });
    const resolved = await advanceIncident(
      store,
      i.id,
      "acknowledge",
      { actor: "o" },
      new Date(t0.getTime() + 60_000),
    ).then(() => advanceIncident(store, i.id, "resolve", { actor: "o" }, new Date(t0.getTime() + 120_000)));
    expect(deadlines(resolved, new Date(t0.getTime() + 49 * 60 * 60_000)).overdue.review).toBe(true);
    expect(deadlines(resolved, new Date(t0.getTime() + 47 * 60 * 60_000)).overdue.review).toBe(false);
  });

  it("computes the quarter's programme figures beside the targets", async () => {
    const mk = async (start: string, detectMin: number, ackMin: number, restoreMin: number, fp = false) => {
      const s = new Date(start);
      const detected = new Date(s.getTime() + detectMin * 60_000);
      const i = await openIncident(
        store,
        { severity: "SEV-1", title: "x", startedAt: s.toISOString(), commander: "Dana" },
        detected,
      );
      await advanceIncident(
        store,
        i.id,
        "acknowledge",
        { actor: "o" },
        new Date(detected.getTime() + ackMin * 60_000),
      );
      await advanceIncident(
        store,
        i.id,
        "resolve",
        { actor: "o" },
        new Date(s.getTime() + restoreMin * 60_000),
      );
      await advanceIncident(
        store,
        i.id,
        "review",
        { actor: "o", falsePositive: fp },
        new Date(s.getTime() + (restoreMin + 60) * 60_000),
      );
    };
    await mk("2026-10-02T10:00:00Z", 2, 4, 30);
    await mk("2026-10-20T10:00:00Z", 6, 10, 50, true);
    await mk("2026-11-05T10:00:00Z", 3, 20, 90);
    await openIncident(store, { severity: "SEV-3", title: "minor" }, new Date("2026-12-01T10:00:00Z"));
    await openIncident(
      store,
      { severity: "SEV-3", title: "other quarter" },
      new Date("2027-01-05T10:00:00Z"),
    );
    const range = quarterRange("2026-Q4");
    const report = programmeReport("2026-Q4", await listIncidents(store, range));
    expect(report.incidents).toBe(4);
    expect(report.figures[0]).toMatchObject({
      name: "SEV-1 time to detect (min)",
      median: 3,
      worst: 6,
      meetsTarget: false,
    });
    expect(report.figures[1]).toMatchObject({ median: 10, worst: 20, meetsTarget: false });
    expect(report.figures[2]).toMatchObject({ median: 50, worst: 90, meetsTarget: false });
    expect(report.incidentsPerMonth.months).toEqual([
      { month: "2026-10", count: 2 },
      { month: "2026-11", count: 1 },
      { month: "2026-12", count: 1 },
    ]);
    expect(report.incidentsPerMonth.meetsTarget).toBe(true);
    expect(report.falsePositiveRate).toMatchObject({ value: 0.25, falsePositives: 1, meetsTarget: false });
    expect(report.reviews).toMatchObject({ resolved: 3, reviewedInTime: 3, overdue: 0, meetsTarget: true });
  });

  it("makes external communication due from how long the incident lasted, until its resolution", async () => {
    const t0 = new Date("2026-05-01T12:00:00Z");
    const hours = (h: number) => new Date(t0.getTime() + h * 3_600_000);
    const sev2 = await openIncident(store, { severity: "SEV-2", title: "slow", commander: "Dana" }, t0);
    expect(deadlines(sev2, hours(1.9))).toMatchObject({
      due: { externalCommunication: "2026-05-01T14:00:00.000Z" },
      externalCommunicationDue: false,
    });
    expect(deadlines(sev2, hours(2.1)).externalCommunicationDue).toBe(true);
    // Resolved after 1 hour: it never lasted 2, however late one looks at it.
    await advanceIncident(store, sev2.id, "acknowledge", { actor: "o" }, hours(0.1));
    const resolved = await advanceIncident(store, sev2.id, "resolve", { actor: "o" }, hours(1));
    expect(deadlines(resolved, hours(30)).externalCommunicationDue).toBe(false);
    const seen = await openIncident(store, { severity: "SEV-3", title: "seen", userFacing: true }, t0);
    expect(deadlines(seen, hours(23)).externalCommunicationDue).toBe(false);
    expect(deadlines(seen, hours(25)).externalCommunicationDue).toBe(true);
    const unseen = await openIncident(store, { severity: "SEV-3", title: "unseen" }, t0);
    expect(deadlines(unseen, hours(25))).toMatchObject({
      due: { externalCommunication: null },
      externalCommunicationDue: false,
    });
  });
});
