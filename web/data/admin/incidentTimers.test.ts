import { describe, expect, it } from "vitest";
import type { Incident } from "./incidents";
import { elapsedMs, formatDuration, nextDeadline, overdueSteps, pendingDeadlines } from "./incidentTimers";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const noFlags = { acknowledge: false, mitigate: false, restore: false, update: false, review: false };

// A SEV-2 detected at T0: acknowledge by +15 min, mitigate by +30, restore by +4 h, update every 30 min.
function sev2(overrides: Partial<Incident> = {}): Incident {
  return {
    id: "INC-20261122-001",
    severity: "SEV-2",
    title: "Search slow",
    status: "open",
    source: "manual",
    breachKey: null,
    commander: null,
    channel: "#inc-20261122-001",
    userFacing: false,
    falsePositive: false,
    startedAt: at(0),
    detectedAt: at(0),
    acknowledgedAt: null,
    mitigatedAt: null,
    resolvedAt: null,
    reviewedAt: null,
    closedAt: null,
    lastUpdateAt: null,
    due: {
      acknowledge: at(15),
      mitigate: at(30),
      restore: at(240),
      nextUpdate: at(30),
      review: null,
      externalCommunication: at(120),
    },
    overdue: { ...noFlags },
    externalCommunication: "when it lasts over 2 hours",
    externalCommunicationDue: false,
    needsCommander: true,
    ...overrides,
  };
}

describe("incident timers", () => {
  it("an open incident's next deadline is acknowledging, then it is overdue once that time passes", () => {
    const i = sev2();
    expect(nextDeadline(i, T0 + 5 * 60_000)).toEqual({
      step: "acknowledge",
      at: T0 + 15 * 60_000,
      overdue: false,
    });
    expect(overdueSteps(i, T0 + 5 * 60_000)).toEqual([]);
    expect(overdueSteps(i, T0 + 20 * 60_000)).toEqual(["acknowledge"]);
    expect(overdueSteps(i, T0 + 31 * 60_000)).toEqual(["acknowledge", "mitigate", "update"]);
  });

  it("skips done steps and keeps the server's flags for steps met late", () => {
    const i = sev2({
      status: "acknowledged",
      acknowledgedAt: at(20),
      overdue: { ...noFlags, acknowledge: true },
      due: {
        acknowledge: at(15),
        mitigate: at(30),
        restore: at(240),
        nextUpdate: at(50),
        review: null,
        externalCommunication: at(120),
      },
    });
    expect(pendingDeadlines(i, T0 + 21 * 60_000).map((d) => d.step)).toEqual([
      "mitigate",
      "update",
      "restore",
    ]);
    expect(overdueSteps(i, T0 + 21 * 60_000)).toEqual(["acknowledge"]);
  });

  it("after resolution only the review remains; after the review nothing is due", () => {
    const resolved = sev2({
      status: "resolved",
      acknowledgedAt: at(5),
      mitigatedAt: at(10),
      resolvedAt: at(60),
      due: {
        acknowledge: at(15),
        mitigate: at(30),
        restore: at(240),
        nextUpdate: null,
        review: at(60 + 48 * 60),
        externalCommunication: at(120),
      },
    });
    expect(pendingDeadlines(resolved, T0 + 2 * 3_600_000)).toEqual([
      { step: "review", at: T0 + (60 + 48 * 60) * 60_000, overdue: false },
    ]);
    expect(elapsedMs(resolved, T0 + 10 * 3_600_000)).toBe(60 * 60_000);
    expect(
      nextDeadline({ ...resolved, status: "reviewed", reviewedAt: at(120) }, T0 + 3 * 3_600_000),
    ).toBeNull();
  });

  it("an incident started long before it was detected has its restore time counted from the start", () => {
    const old = sev2({
      startedAt: at(-3 * 24 * 60),
      due: { ...sev2().due, restore: at(-3 * 24 * 60 + 240) },
    });
    expect(overdueSteps(old, T0 + 60_000)).toEqual(["restore"]);
    expect(elapsedMs(old, T0)).toBe(3 * 24 * 3_600_000);
  });
});

describe("formatDuration", () => {
  it("writes the two largest units, at least a minute", () => {
    expect(formatDuration(30_000, "en")).toBe("1 min");
    expect(formatDuration((2 * 60 + 5) * 60_000, "en")).toBe("2 hr 5 min");
    expect(formatDuration((3 * 24 * 60 + 4 * 60 + 7) * 60_000, "en")).toBe("3 days 4 hr");
    expect(formatDuration(2 * 3_600_000, "en")).toBe("2 hr");
    expect(formatDuration(-90 * 60_000, "en")).toBe("1 hr 30 min");
    expect(formatDuration((26 * 60 + 1) * 60_000, "fr")).toMatch(/^1\sj 2\sh$/);
  });
});
