import { describe, expect, it } from "vitest";
import { computeDivergenceBrief, differingFields, isComparable } from "../../server/waittimes/methodology.js";

const ab = {
  name: "Foothills",
  metric_family: "TIME_TO_PROVIDER",
  start_event: "TRIAGE",
  end_event: "PHYSICIAN",
  statistic_type: "POINT_ESTIMATE",
} as const;
const qc = {
  name: "CHUM",
  metric_family: "TIME_TO_PROVIDER",
  start_event: "REGISTRATION",
  end_event: "PHYSICIAN",
  statistic_type: "ROLLING_AVG",
} as const;
const bc = {
  name: "VGH",
  metric_family: "TIME_TO_PROVIDER",
  start_event: "TRIAGE",
  end_event: "PHYSICIAN",
  statistic_type: "P90",
} as const;

describe("computeDivergenceBrief", () => {
  it("is null only when all four fields are equal", () => {
    expect(computeDivergenceBrief(ab, { ...ab, name: "Rockyview" })).toBeNull();
    expect(isComparable(ab, ab)).toBe(true);
    for (const field of ["metric_family", "start_event", "end_event", "statistic_type"] as const) {
      const other = {
        ...ab,
        [field]:
          field === "metric_family"
            ? "TOTAL_LOS"
            : field === "start_event"
              ? "DOOR"
              : field === "end_event"
                ? "DISCHARGE"
                : "MEDIAN",
      };
      expect(isComparable(ab, other)).toBe(false);
      const brief = computeDivergenceBrief(ab, other)!;
      expect(brief).toContain(field);
      expect(brief).toContain(String(ab[field]));
      expect(brief).toContain(String(other[field]));
    }
  });

  it("names every differing field with both values and explains the registration start", () => {
    expect(differingFields(ab, qc)).toEqual(["start_event", "statistic_type"]);
    const brief = computeDivergenceBrief(ab, qc)!;
    expect(brief).toMatch(/2 methodology fields differ/);
    expect(brief).toContain("start_event: TRIAGE vs REGISTRATION");
    expect(brief).toContain("statistic_type: POINT_ESTIMATE vs ROLLING_AVG");
    expect(brief).toMatch(
      /starts at registration counts time a clock starting at triage does not, so CHUM reads longer/,
    );
    expect(brief).not.toContain("metric_family");
  });

  it("says which statistic sits higher when one is a P90", () => {
    const brief = computeDivergenceBrief(bc, { ...bc, name: "Ottawa Civic", statistic_type: "MEAN" })!;
    expect(brief).toMatch(/P90 sits higher in the same distribution, so VGH looks slower/);
  });

  it("writes the same brief in French when asked, with French field names and consequences", () => {
    const brief = computeDivergenceBrief(ab, qc, "fr")!;
    expect(brief).toMatch(
      /^Ces chiffres ne sont pas directement comparables, car 2 champs de méthodologie diffèrent\./,
    );
    expect(brief).toContain("start_event : TRIAGE contre REGISTRATION");
    expect(brief).toContain("statistic_type : POINT_ESTIMATE contre ROLLING_AVG");
    expect(brief).toMatch(
      /démarre dès l'inscription compte du temps qu'un chronomètre démarrant dès le triage/,
    );
    expect(brief).toContain("donc CHUM affiche plus long");
    expect(brief).not.toMatch(/\b(differs|uses|reads longer)\b/);
    expect(computeDivergenceBrief(ab, { ...ab, name: "Rockyview" }, "fr")).toBeNull();
    const one = computeDivergenceBrief(bc, { ...bc, name: "Ottawa Civic", statistic_type: "MEAN" }, "fr")!;
    expect(one).toMatch(/car un champ de méthodologie diffère\./);
    expect(one).toMatch(/P90 se situe plus haut dans la même distribution, donc VGH paraît plus lent/);
  });
});
