/**
 * Duplicate detection on the committed seed: which pairs are found (counted from the data, with
 * known pairs named) and why. Merging them is in merge-services.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { DirectoryService } from "../../shared/directory/index.js";
import { loadSeedServices } from "../../tests/helpers/directory/seed-data.js";
import { addressKey, compareKeys, findDuplicatePairs, foldName, isDuplicate, keysOf } from "./duplicates.js";

const seed = loadSeedServices();
const byId = new Map(seed.map((s) => [s.id, s]));
const pairs = findDuplicatePairs(seed);
const pairOf = (a: string, b: string) =>
  pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));

describe("duplicates in the seed", () => {
  it("finds every pair of records the curated source lists twice under the same English name", () => {
    const sameName = new Map<string, string[]>();
    for (const s of seed)
      sameName.set(foldName(s.name.en), [...(sameName.get(foldName(s.name.en)) ?? []), s.id]);
    const twice = [...sameName.values()].filter((ids) => ids.length > 1);
    // What the issue counted: 22 services shown twice in results.
    expect(twice).toHaveLength(22);
    for (const [a, b] of twice) expect(pairOf(a, b), `${a} / ${b}`).toBeDefined();
  });

  it("also finds three pairs named differently in English, and no more: 25 in all", () => {
    expect(pairs).toHaveLength(25);
    expect(pairOf("acfomi-kingston", "acls-kingston")?.evidence).toContain("same name"); // French names agree
    expect(pairOf("bgc-south-east", "boys-girls-club-kingston")?.score).toBe(80);
    expect(pairOf("earlyon-kchc", "earlyon-cosy")).toMatchObject({
      score: 60,
      evidence: ["similar name", "same address", "same website"],
    });
  });

  it("names the known pairs with their evidence and score", () => {
    expect(pairOf("community-legal-clinic-kingston", "legal-aid-ontario-kingston")?.score).toBe(100);
    expect(pairOf("kgh-emergency-department", "kingston-general-hospital")?.evidence).toEqual([
      "same organization",
      "same name",
      "same phone",
      "same address",
      "same website",
    ]);
    expect(pairOf("crisis-211-ontario", "ontario-211-ontario")).toMatchObject({
      score: 80,
      evidence: ["same organization", "same name", "same phone", "same website"],
    });
    // Same name, two different phone numbers and no address: the shared website decides.
    expect(pairOf("justice-for-children-youth", "justice-for-children-and-youth-jfcy-")).toMatchObject({
      score: 60,
      evidence: ["same organization", "same name", "same website"],
    });
  });

  it("leaves apart programmes that share a building, a phone or a website but not a name", () => {
    for (const [a, b] of [
      ["kfpl-central-branch", "kfpl-learning-programs"],
      ["kingston-home-base-housing", "in-from-the-cold"],
      ["salvation-army-housing-help", "salvation-army-cfs"],
      ["crisis-connex-ontario", "crisis-ontario-gambling"],
      ["kfla-public-health-dental", "kfla-sexual-health-clinic"],
      ["rideau-heights-community-centre", "invista-centre"],
    ]) {
      expect(pairOf(a, b), `${a} / ${b}`).toBeUndefined();
      const match = compareKeys(
        keysOf(byId.get(a) as DirectoryService),
        keysOf(byId.get(b) as DirectoryService),
      );
      expect(match.score).toBeLessThan(60);
    }
  });
});

describe("the score", () => {
  const base = byId.get("marthas-table-kingston") as DirectoryService;
  const variant = (patch: Partial<DirectoryService>): DirectoryService => ({
    ...base,
    id: "other",
    ...patch,
  });
  const score = (other: DirectoryService) => compareKeys(keysOf(base), keysOf(other));
  const elsewhere = {
    phones: [{ number: "613-555-0199", label: null }],
    locations: [],
    url: "https://example.org/other",
  };

  it("adds 50 for the same organization or name and 20, 20, 10 for a shared phone, address or website", () => {
    expect(score(variant({ organizationId: "org-x", ...elsewhere })).score).toBe(50);
    expect(score(variant({ organizationId: "org-x", ...elsewhere, phones: base.phones }))).toMatchObject({
      score: 70,
      evidence: ["same organization", "same name", "same phone"],
    });
    expect(score(variant({ ...elsewhere, url: base.url })).score).toBe(60);
    expect(score(variant({ ...elsewhere, url: base.url })).evidence).toContain("same website");
  });

  it("never calls contacts alone a duplicate, however many are shared", () => {
    const stranger = variant({
      organizationId: "org-x",
      organizationName: "Another agency",
      name: { en: "Another programme", fr: "Un autre programme" },
    });
    const match = score(stranger);
    expect(match).toEqual({ score: 50, evidence: ["same phone", "same address", "same website"] });
    expect(isDuplicate(match)).toBe(false);
  });

  it("folds accents, case, '&' and street words before comparing", () => {
    expect(foldName("Café & Épicerie (Kingston)")).toBe("cafe and epicerie kingston");
    const loc = (address: string) => ({ ...base.locations[0], address });
    expect(addressKey(loc("629 Princess Street, Kingston, ON K7L 1E2 (Main)"))).toEqual(
      addressKey(loc("629 princess st, Kingston")),
    );
  });
});
