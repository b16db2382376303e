/** Merging the seed's duplicates: deterministic, and no fact of either record dropped. */
import { describe, expect, it } from "vitest";
import type { DirectoryService } from "../../shared/directory/index.js";
import { phoneKey } from "../../shared/directory/phone.js";
import { loadSeedServices } from "../../tests/helpers/directory/seed-data.js";
import { addressKey } from "./duplicates.js";
import { planMerges } from "./merge-services.js";

const seed = loadSeedServices();
const byId = new Map(seed.map((s) => [s.id, s]));

describe("merging", () => {
  const plan = planMerges(seed);

  it("is deterministic: the same records in another order give the same kept ids and records", () => {
    const shuffled = [...seed].reverse().sort((a, b) => (a.name.fr < b.name.fr ? -1 : 1));
    const again = planMerges(shuffled);
    expect(again.steps).toEqual(plan.steps);
    expect([...again.merged.entries()].sort()).toEqual([...plan.merged.entries()].sort());
  });

  it("keeps the record with more facts and lists the other's id", () => {
    const kgh = plan.merged.get("kgh-emergency-department");
    expect(kgh?.mergedIds).toEqual(["kingston-general-hospital"]);
    expect(plan.merged.get("ontario-211-ontario")?.mergedIds).toEqual(["crisis-211-ontario"]);
    expect(plan.steps.map((s) => s.mergedId)).toContain("crisis-kids-help-phone");
  });

  it("drops no phone, place, tag, language or filled-in field of either record", () => {
    for (const step of plan.steps) {
      const merged = plan.merged.get(step.keptId) as DirectoryService;
      for (const source of [byId.get(step.keptId), byId.get(step.mergedId)] as DirectoryService[]) {
        const phones = new Set(merged.phones.map((p) => phoneKey(p.number, p.label)));
        for (const p of source.phones) expect(phones.has(phoneKey(p.number, p.label))).toBe(true);
        const places = new Set(merged.locations.map((l) => JSON.stringify(addressKey(l))));
        for (const l of source.locations) expect(places.has(JSON.stringify(addressKey(l)))).toBe(true);
        for (const tag of source.tags) expect(merged.tags).toContain(tag);
        for (const lang of source.languages) expect(merged.languages).toContain(lang);
        for (const field of ["eligibility", "fees", "documentsRequired", "url", "email"] as const)
          if (source[field]) expect(merged[field], `${step.keptId} ${field}`).not.toBeNull();
        if (source.schedule) expect(merged.schedule).not.toBeNull();
      }
    }
  });

  it("keeps two different texts for the same field side by side", () => {
    expect(plan.merged.get("trellis-hiv-community-care")?.eligibility).toBe(
      "Open to all / Newcomers, immigrants, refugees in KFL&A",
    );
    // One says more than the other: the fuller one is kept alone.
    expect(plan.merged.get("hotel-dieu-urgent-care")?.fees).toBe(
      "Covered by OHIP. Fees apply for non-residents.",
    );
  });
});
