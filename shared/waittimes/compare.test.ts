import { describe, expect, it } from "vitest";
import {
  compareHospitals,
  computeDivergenceBrief,
  differingFields,
  explainDivergence,
  isComparable,
} from "./compare";
import { METRIC_FAMILIES, type Methodology, START_EVENTS, STATISTIC_TYPES } from "./schemas";

const ab = {
  name: "Foothills",
  metric_family: "TIME_TO_PROVIDER",
  start_event: "TRIAGE",
  end_event: "PHYSICIAN",
  statistic_type: "POINT_ESTIMATE",
} as const;
const qc = {
  name: "Jewish General",
  metric_family: "TIME_TO_PROVIDER",
  start_event: "REGISTRATION",
  end_event: "PHYSICIAN",
  statistic_type: "ROLLING_AVG",
} as const;
const bc = {
  name: "Vancouver General",
  metric_family: "TIME_TO_PROVIDER",
  start_event: "TRIAGE",
  end_event: "PHYSICIAN",
  statistic_type: "P90",
} as const;

/** Codes a reader must never see: vocabulary values (TRIAGE, ROLLING_AVG, P90) and field keys. */
const CODE =
  /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b(TRIAGE|REGISTRATION|DOOR|UNKNOWN|PHYSICIAN|PROVIDER|DISCHARGE|MEDIAN|MEAN|P90)\b|metric_family|start_event|end_event|statistic_type/;

describe("computeDivergenceBrief", () => {
  it("is null only when all four fields are equal", () => {
    expect(computeDivergenceBrief(ab, { ...ab, name: "Rockyview" })).toBeNull();
    expect(isComparable(ab, ab)).toBe(true);
    const changed: Record<keyof Methodology, string> = {
      metric_family: "TOTAL_LOS",
      start_event: "DOOR",
      end_event: "DISCHARGE",
      statistic_type: "MEDIAN",
    };
    const label = {
      metric_family: "What is measured differs",
      start_event: "When the clock starts differs",
      end_event: "When the clock stops differs",
      statistic_type: "Which statistic is published differs",
    };
    for (const field of Object.keys(changed) as Array<keyof Methodology>) {
      const other = { ...ab, name: "Rockyview", [field]: changed[field] };
      expect(isComparable(ab, other)).toBe(false);
      const brief = computeDivergenceBrief(ab, other)!;
      expect(brief).toContain(label[field]);
      expect(brief).not.toMatch(CODE);
    }
  });

  it("names every differing field with what each hospital does, in words, and explains the registration start", () => {
    expect(differingFields(ab, qc)).toEqual(["start_event", "statistic_type"]);
    const brief = computeDivergenceBrief(ab, qc)!;
    expect(brief).toMatch(/2 methodology fields differ/);
    expect(brief).toContain(
      "When the clock starts differs: Foothills starts the clock at triage; Jewish General starts the clock at registration (usually before triage).",
    );
    expect(brief).toContain(
      "Which statistic is published differs: Foothills publishes a single current estimate (not a summary of past patients); Jewish General publishes a rolling average over recent hours (which smooths and lags real changes).",
    );
    expect(brief).toMatch(
      /starts at registration counts time that a clock starting at triage does not, so Jewish General reads longer/,
    );
    expect(brief).not.toMatch(CODE);
    expect(brief).not.toContain("What is measured");
  });

  it("says which statistic sits higher when one is a 90th percentile", () => {
    const brief = computeDivergenceBrief(bc, { ...bc, name: "Ottawa Civic", statistic_type: "MEAN" })!;
    expect(brief).toMatch(
      /A 90th percentile sits higher in the same distribution than an average, so Vancouver General looks slower/,
    );
    expect(brief).not.toMatch(CODE);
  });

  it("writes the same brief in French when asked, with French field names and consequences", () => {
    const brief = computeDivergenceBrief(ab, qc, "fr")!;
    expect(brief).toMatch(
      /^Ces chiffres ne sont pas directement comparables, car 2 champs de méthodologie diffèrent\./,
    );
    expect(brief).toContain(
      "Le moment où le chronomètre démarre diffère\u00a0: Foothills démarre le chronomètre au triage\u00a0; Jewish General démarre le chronomètre à l’inscription (souvent avant le triage).",
    );
    expect(brief).toMatch(
      /démarre dès l’inscription compte du temps qu’un chronomètre démarrant dès le triage/,
    );
    expect(brief).toContain("donc Jewish General affiche plus long");
    expect(brief).not.toMatch(/\b(differs|uses|reads longer)\b/);
    expect(brief).not.toMatch(CODE);
    expect(computeDivergenceBrief(ab, { ...ab, name: "Rockyview" }, "fr")).toBeNull();
    const one = computeDivergenceBrief(bc, { ...bc, name: "Ottawa Civic", statistic_type: "MEAN" }, "fr")!;
    expect(one).toMatch(/car un champ de méthodologie diffère\./);
    expect(one).toMatch(
      /Un 90e centile se situe plus haut dans la même distribution qu’une moyenne, donc Vancouver General paraît plus lent/,
    );
  });

  it("has words for every value of the vocabulary in both languages", () => {
    for (const lang of ["en", "fr"] as const) {
      for (const metric of METRIC_FAMILIES)
        for (const start of START_EVENTS)
          for (const stat of STATISTIC_TYPES) {
            const other = {
              name: "Other",
              metric_family: metric,
              start_event: start,
              end_event: "DISCHARGE",
              statistic_type: stat,
            } as const;
            const brief = computeDivergenceBrief(ab, other, lang);
            expect(brief, `${lang} ${metric} ${start} ${stat}`).not.toMatch(CODE);
          }
    }
  });
});

describe("compareHospitals", () => {
  it("gives the API's answer shape: comparable, brief, differing fields and both hospitals", () => {
    const view = (m: typeof ab | typeof qc, id: string) => ({
      ...m,
      id,
      province: "AB" as const,
      latest_value: 42,
      latest_observed_at: "2026-11-01T00:00:00.000Z",
      unit: "minutes",
    });
    const result = compareHospitals(view(ab, "a"), view(qc, "b"), "en");
    expect(result.comparable).toBe(false);
    expect(result.differing_fields).toEqual(["start_event", "statistic_type"]);
    expect(result.divergence_brief).toBe(computeDivergenceBrief(ab, qc, "en"));
    expect(result.hospital_a.id).toBe("a");
    expect(compareHospitals(view(ab, "a"), view(ab, "c"), "fr")).toMatchObject({
      comparable: true,
      divergence_brief: null,
      differing_fields: [],
    });
  });
});

describe("explainDivergence", () => {
  it("leads with one sentence for the most basic difference, then one short line per differing field", () => {
    const en = explainDivergence(ab, qc, "en")!;
    expect(en.headline).toBe("Not comparable: they start the clock at different moments.");
    expect(en.fields.map((f) => f.line)).toEqual([
      "When the clock starts: Foothills at triage; Jewish General at registration",
      "Which statistic is published: Foothills a single current estimate; Jewish General a rolling average over recent hours",
    ]);
    // The detail keeps what the short line leaves out: the parenthesis and what it does to the numbers.
    expect(en.fields[0].detail).toContain("(usually before triage)");
    expect(en.fields[0].detail).toContain("Jewish General reads longer");
    for (const f of en.fields) expect(`${f.line} ${f.detail}`).not.toMatch(CODE);

    const fr = explainDivergence(ab, qc, "fr")!;
    expect(fr.headline).toBe(
      "Pas comparables\u00a0: ces hôpitaux ne démarrent pas le chronomètre au même moment.",
    );
    expect(fr.fields[0].line).toBe(
      "Le moment où le chronomètre démarre\u00a0: Foothills au triage\u00a0; Jewish General à l’inscription",
    );
    expect(explainDivergence(ab, { ...ab, name: "Rockyview" })).toBeNull();
  });

  it("leads with what is measured when that differs too", () => {
    const other = { ...qc, metric_family: "TOTAL_LOS" } as const;
    expect(explainDivergence(ab, other)!.headline).toBe("Not comparable: they measure different things.");
  });
});
