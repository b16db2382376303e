import { describe, expect, it } from "vitest";
import { impliedSeverity, type ServiceState, thresholdChecks } from "./severity.js";

const calm: ServiceState = {
  databaseOk: true,
  errorRate: 0.001,
  p95Ms: 120,
  breakers: [{ name: "ai", state: "CLOSED", flapping: false, stuckOpen: false }],
};

describe("thresholds and implied severity (spec SEV table)", () => {
  it("passes a healthy state", () => {
    expect(impliedSeverity(calm)).toBeNull();
    expect(thresholdChecks(calm).every((c) => c.pass)).toBe(true);
  });
  it("maps each condition to its severity", () => {
    expect(impliedSeverity({ ...calm, databaseOk: false })?.severity).toBe("SEV-1");
    expect(
      impliedSeverity({
        ...calm,
        breakers: [{ name: "ai", state: "OPEN", flapping: false, stuckOpen: true }],
      })?.severity,
    ).toBe("SEV-1");
    expect(impliedSeverity({ ...calm, p95Ms: 2500 })?.severity).toBe("SEV-2");
    expect(impliedSeverity({ ...calm, errorRate: 0.15 })?.severity).toBe("SEV-2");
    expect(
      impliedSeverity({
        ...calm,
        breakers: [{ name: "ai", state: "CLOSED", flapping: true, stuckOpen: false }],
      })?.severity,
    ).toBe("SEV-2");
    expect(impliedSeverity({ ...calm, errorRate: 0.05 })?.severity).toBe("SEV-3");
    expect(impliedSeverity({ ...calm, p95Ms: 900 })?.severity).toBe("SEV-3");
    expect(
      impliedSeverity({
        ...calm,
        breakers: [{ name: "ai", state: "OPEN", flapping: false, stuckOpen: false }],
      })?.severity,
    ).toBe("SEV-3");
    const checks = thresholdChecks({ ...calm, errorRate: 0.02, p95Ms: 900 });
    expect(checks.find((c) => c.name === "error rate")).toMatchObject({
      pass: false,
      value: "2.00%",
      target: "< 1%",
    });
    expect(checks.find((c) => c.name === "p95 latency")).toMatchObject({ pass: false, value: "900 ms" });
  });
});
