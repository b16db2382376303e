import { describe, expect, it } from "vitest";
import { rankServices } from "../../shared/directory/index.js";
import { QUALITY_CASES } from "./search-quality.cases.js";
import { loadSeedServices } from "./seed-data.js";

const services = loadSeedServices();
const ids = new Set(services.map((s) => s.id));
const now = new Date("2026-05-04T15:00:00Z");

describe("search quality (shared ranking, seed data)", () => {
  it("has at least 60 EN/FR cases, half phrased as needs, all naming real services", () => {
    expect(QUALITY_CASES.length).toBeGreaterThanOrEqual(60);
    expect(QUALITY_CASES.filter((c) => c.need).length * 2).toBeGreaterThanOrEqual(QUALITY_CASES.length - 2);
    expect(QUALITY_CASES.filter((c) => c.locale === "fr").length).toBeGreaterThanOrEqual(25);
    for (const c of QUALITY_CASES)
      for (const id of c.accept) expect(ids.has(id), `${c.query}: ${id}`).toBe(true);
  });
  it("finds an acceptable service in the top 3 for at least 90% of queries", () => {
    const misses: string[] = [];
    for (const c of QUALITY_CASES) {
      const got = rankServices(services, c.query, { locale: c.locale, now })
        .results.slice(0, 3)
        .map((r) => r.service.id);
      if (!got.some((id) => c.accept.includes(id))) misses.push(`${c.query} → ${got.join(", ")}`);
    }
    const rate = (QUALITY_CASES.length - misses.length) / QUALITY_CASES.length;
    console.log(
      `search quality hit@3: ${(rate * 100).toFixed(1)}% (${QUALITY_CASES.length - misses.length}/${QUALITY_CASES.length})`,
    );
    if (misses.length) console.log(`misses:\n${misses.join("\n")}`);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });
});
