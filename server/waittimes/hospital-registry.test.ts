import { describe, expect, it } from "vitest";
import { buildRegistry, methodologyAt, normalizeName } from "./hospital-registry.js";
import { REFERENCE_HOSPITALS, REFERENCE_SOURCES } from "./registry.js";
import type { MethodologyChange } from "./repository.js";

describe("normalizeName", () => {
  it("folds accents, ligatures and punctuation the way the directory's search does", () => {
    expect(normalizeName("Hôpital Montfort")).toBe("hopital montfort");
    // A feed that writes "œ" and one that writes "oe" name the same hospital.
    expect(normalizeName("Centre de santé du Sacré-Cœur")).toBe(
      normalizeName("Centre de sante du Sacre-Coeur"),
    );
    expect(normalizeName("  St. Mary’s — General  ")).toBe("st mary s general");
  });
});

describe("a hospital's methodology history", () => {
  const none = { metric_family: null, start_event: null, end_event: null, statistic_type: null };
  const stored = REFERENCE_HOSPITALS.slice(0, 1).map((h) => ({ ...h, hid: 1, override: none }));
  const change = (from: number, statistic_type: "MEDIAN" | "P90" | null): MethodologyChange => ({
    hid: 1,
    effective_from: from,
    override: { ...none, statistic_type },
    entered_at: 5000,
    entered_by: "operator",
  });
  const build = (changes: MethodologyChange[]) =>
    buildRegistry(REFERENCE_SOURCES, stored, changes).hospitals[0];

  it("keeps each reading's methodology: the one in force when it was observed", () => {
    const source = build([]).methodology;
    const h = build([change(1000, "MEDIAN"), change(2000, "P90")]);
    expect(h.methodology.statistic_type).toBe("P90");
    expect(methodologyAt(h, 999).methodology).toEqual(source);
    expect(methodologyAt(h, 1000).methodology.statistic_type).toBe("MEDIAN");
    expect(methodologyAt(h, 2500).methodology.statistic_type).toBe("P90");
    expect(h.methodology_history.map((p) => p.from)).toEqual([null, 1000, 2000]);
  });

  it("a later entry for the same moment corrects it; a change to the same methodology starts no period", () => {
    const h = build([change(1000, "MEDIAN"), change(1000, "P90"), change(2000, "P90")]);
    expect(h.methodology_history.map((p) => [p.from, p.methodology.statistic_type])).toEqual([
      [null, build([]).methodology.statistic_type],
      [1000, "P90"],
    ]);
  });
});
