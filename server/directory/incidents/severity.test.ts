import { describe, expect, it } from "vitest";
import { impliedSeverity, type ServiceState, thresholdChecks } from "./severity.js";

const calm: ServiceState = {
  databaseOk: true,
  databaseWritable: true,
  errorRate: 0.001,
  requests: 1000,
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

  it("judges the error rate only from 20 requests in its window", () => {
    // 1 failure in 2 requests is not an error rate of 50%.
    const few = { ...calm, errorRate: 0.5, requests: 2 };
    expect(impliedSeverity(few)).toBeNull();
    expect(thresholdChecks(few).find((c) => c.name === "error rate")).toMatchObject({
      pass: true,
      value: "50.00% of 2 requests (too few to judge: fewer than 20)",
    });
    expect(thresholdChecks(few, "fr")[0].value).toBe(
      "50,00\u00a0% sur 2\u00a0requêtes (trop peu pour en juger\u00a0: moins de 20)",
    );
    expect(impliedSeverity({ ...few, requests: 19 })).toBeNull();
    expect(impliedSeverity({ ...few, requests: 20 })).toEqual({
      severity: "SEV-2",
      reasons: ["error rate 50.0% above 10%"],
    });
  });
  it("fails the database check while writes are refused, which implies a SEV-2", () => {
    const full = { ...calm, databaseWritable: false };
    expect(thresholdChecks(full).find((c) => c.name === "database")).toMatchObject({
      pass: false,
      value: "writes refused",
    });
    expect(thresholdChecks(full, "fr").find((c) => c.name === "base de données")?.value).toBe(
      "écritures refusées",
    );
    expect(impliedSeverity(full)).toEqual({ severity: "SEV-2", reasons: ["database writes refused"] });
    // Unavailable says more than refusing writes: SEV-1.
    expect(impliedSeverity({ ...full, databaseOk: false })?.severity).toBe("SEV-1");
  });
});
