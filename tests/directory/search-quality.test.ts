import { describe, expect, it } from "vitest";
import { rankServices } from "../../shared/directory/index.js";
import { loadSeedServices } from "../helpers/directory/seed-data.js";
import { ANSWERS, type AnswerKey, isAcceptable, satisfies } from "./search-eval/answers.js";
import {
  ALL_NEEDS,
  LATER_SETS,
  type NeedOutcome,
  percent,
  type Ranker,
  runNeeds,
  summarise,
} from "./search-eval/evaluate.js";
import { GUARDS } from "./search-eval/guards.js";
import { SAFETY_CRITICAL_AREAS } from "./search-eval/need.js";
import { QUALITY_CASES } from "./search-quality.cases.js";

const services = loadSeedServices();
const ids = new Set(services.map((s) => s.id));
const now = new Date("2026-05-04T15:00:00Z");
const rank: Ranker = (query, locale) =>
  rankServices(services, query, { locale, now }).results.map((r) => r.service);

/** Floors a little below the figures measured when they were set (see the bench for today's). */
const FLOOR = { all: 0.97, heldOut: 0.95, later: 0.95 };

const describeMisses = (outcomes: NeedOutcome[], failed: (o: NeedOutcome) => boolean) =>
  outcomes
    .filter(failed)
    .map((o) => `${o.need.locale} [${o.need.area}] ${o.need.text} → ${o.top.map((s) => s.id).join(", ")}`);

describe("search evaluation set (shared ranking, seed data)", () => {
  const outcomes = runNeeds(ALL_NEEDS, rank);
  const summary = summarise(outcomes);

  it("has at least 200 needs per language, every area in both, the safety-critical ones many ways", () => {
    expect(summary.en.total).toBeGreaterThanOrEqual(200);
    expect(summary.fr.total).toBeGreaterThanOrEqual(200);
    expect(summary.byArea.size).toBeGreaterThanOrEqual(18);
    for (const [area, r] of summary.byArea) {
      expect(r.en.total, area).toBeGreaterThanOrEqual(6);
      expect(r.fr.total, area).toBeGreaterThanOrEqual(6);
    }
    for (const area of SAFETY_CRITICAL_AREAS) {
      expect(
        ALL_NEEDS.filter((n) => n.area === area && n.locale === "en").length,
        area,
      ).toBeGreaterThanOrEqual(12);
    }
    expect(summary.heldOut.total * 3).toBeGreaterThanOrEqual(ALL_NEEDS.length - 2);
  });

  it("states answers every rule of which some service in the directory satisfies", () => {
    for (const key of Object.keys(ANSWERS) as AnswerKey[]) {
      expect(
        services.some((s) => s.status === "active" && satisfies(s, ANSWERS[key])),
        key,
      ).toBe(true);
    }
  });

  it("never answers a need with nothing", () => {
    expect(describeMisses(outcomes, (o) => o.empty)).toEqual([]);
  });

  it("puts a crisis service in the top 3 for every safety-critical need", () => {
    expect(describeMisses(outcomes, (o) => o.need.critical && !o.crisisInTop)).toEqual([]);
  });

  it("finds an acceptable service in the top 3, held-out third included, French within 3 points of English", () => {
    console.log(
      `search evaluation hit@3: all ${percent(summary.all)}, EN ${percent(summary.en)}, FR ${percent(summary.fr)}, held-out ${percent(summary.heldOut)}`,
    );
    const misses = describeMisses(outcomes, (o) => !o.hit);
    if (misses.length) console.log(`misses:\n${misses.join("\n")}`);
    expect(summary.all.rate).toBeGreaterThanOrEqual(FLOOR.all);
    expect(summary.heldOut.rate).toBeGreaterThanOrEqual(FLOOR.heldOut);
    expect(Math.abs(summary.en.rate - summary.fr.rate)).toBeLessThanOrEqual(0.03);
  });

  it("holds on the sets written later: no empty answer, crisis services for every safety-critical need", () => {
    for (const set of LATER_SETS) {
      const later = runNeeds(set.needs, rank);
      const s = summarise(later);
      expect(s.empty, set.name).toBe(0);
      expect(
        describeMisses(later, (o) => o.need.critical && !o.crisisInTop),
        set.name,
      ).toEqual([]);
      expect(s.all.rate, set.name).toBeGreaterThanOrEqual(FLOOR.later);
    }
  });

  it("does not treat harmless wording as a crisis, and still finds what it asks for", () => {
    const wrong: string[] = [];
    for (const g of GUARDS) {
      const r = rankServices(services, g.text, { locale: g.locale, now });
      const top = r.results.slice(0, 3).map((x) => x.service);
      if (r.mode === "crisis") wrong.push(`${g.text}: crisis mode`);
      if (g.answers.length && !top.some((s) => isAcceptable(s, g.answers)))
        wrong.push(`${g.text}: ${top.map((s) => s.id).join(", ")}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lifts no crisis line for a medical follow-up or unfair bank fees", () => {
    for (const q of ["getting followed up after surgery", "frais abusifs banque", "le medecin qui me suit"]) {
      const r = rankServices(services, q, { now });
      expect(r.mode, q).not.toBe("crisis");
    }
  });
});

describe("search quality cases by service id (shared ranking, seed data)", () => {
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
    if (misses.length) console.log(`misses:\n${misses.join("\n")}`);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });
});
