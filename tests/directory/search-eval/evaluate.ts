/**
 * Runs the evaluation set through a ranking and reports hit@3 (an acceptable service in the top
 * three), empty answers and, for safety-critical needs, whether a crisis service is in the top
 * three. Used by tests/directory/search-quality.test.ts and by `npm run bench -- search-quality`.
 */
import type { DirectoryService } from "../../../shared/directory/index.js";
import { isAcceptable, isCrisisService } from "./answers.js";
import type { Area, Need } from "./need.js";
import { NEEDS_EN } from "./needs.en.js";
import { NEEDS_FIFTH } from "./needs.fifth.js";
import { NEEDS_FOURTH } from "./needs.fourth.js";
import { NEEDS_FR } from "./needs.fr.js";
import { NEEDS_SECOND } from "./needs.second.js";
import { NEEDS_SIXTH } from "./needs.sixth.js";
import { NEEDS_THIRD } from "./needs.third.js";

/** The main set: English and French, written before any tuning, a third held out. */
export const ALL_NEEDS: Need[] = [...NEEDS_EN, ...NEEDS_FR];

/** Sets written later, each run once blind before it joined tuning (see README.md). */
export const LATER_SETS: { name: string; needs: Need[]; blindHitAt3: number; blindCritical: number }[] = [
  {
    name: "second set (written after tuning round 1)",
    needs: NEEDS_SECOND,
    blindHitAt3: 0.837,
    blindCritical: 0.826,
  },
  {
    name: "third set (written after tuning round 2)",
    needs: NEEDS_THIRD,
    blindHitAt3: 0.907,
    blindCritical: 0.907,
  },
  {
    name: "fourth set (written after tuning round 3)",
    needs: NEEDS_FOURTH,
    blindHitAt3: 0.954,
    blindCritical: 0.939,
  },
  {
    name: "fifth set (written for issue #26, before its round of tuning)",
    needs: NEEDS_FIFTH,
    blindHitAt3: 0.929,
    blindCritical: 0.917,
  },
  {
    name: "sixth set (written for issue #26, after the fifth set's round)",
    needs: NEEDS_SIXTH,
    blindHitAt3: 0.807,
    blindCritical: 0.714,
  },
];

/** A ranking under test: the services it puts first for a query, best first. */
export type Ranker = (query: string, locale: "en" | "fr") => DirectoryService[];

export interface NeedOutcome {
  need: Need;
  top: DirectoryService[];
  hit: boolean;
  crisisInTop: boolean;
  empty: boolean;
}

export function runNeeds(needs: readonly Need[], rank: Ranker): NeedOutcome[] {
  return needs.map((need) => {
    const results = rank(need.text, need.locale);
    const top = results.slice(0, 3);
    return {
      need,
      top,
      hit: top.some((s) => isAcceptable(s, need.answers)),
      crisisInTop: top.some(isCrisisService),
      empty: results.length === 0,
    };
  });
}

export interface Rate {
  hits: number;
  total: number;
  rate: number;
}

function rate(outcomes: readonly NeedOutcome[], ok: (o: NeedOutcome) => boolean): Rate {
  const hits = outcomes.filter(ok).length;
  return { hits, total: outcomes.length, rate: outcomes.length ? hits / outcomes.length : Number.NaN };
}

export interface Summary {
  all: Rate;
  en: Rate;
  fr: Rate;
  tuning: Rate;
  heldOut: Rate;
  /** Safety-critical needs with a crisis service in the top three. */
  critical: Rate;
  empty: number;
  byArea: Map<Area, { en: Rate; fr: Rate }>;
}

export function summarise(outcomes: readonly NeedOutcome[]): Summary {
  const hit = (o: NeedOutcome) => o.hit;
  const byArea = new Map<Area, { en: Rate; fr: Rate }>();
  for (const area of new Set(outcomes.map((o) => o.need.area))) {
    const inArea = outcomes.filter((o) => o.need.area === area);
    byArea.set(area, {
      en: rate(
        inArea.filter((o) => o.need.locale === "en"),
        hit,
      ),
      fr: rate(
        inArea.filter((o) => o.need.locale === "fr"),
        hit,
      ),
    });
  }
  return {
    all: rate(outcomes, hit),
    en: rate(
      outcomes.filter((o) => o.need.locale === "en"),
      hit,
    ),
    fr: rate(
      outcomes.filter((o) => o.need.locale === "fr"),
      hit,
    ),
    tuning: rate(
      outcomes.filter((o) => !o.need.heldOut),
      hit,
    ),
    heldOut: rate(
      outcomes.filter((o) => o.need.heldOut),
      hit,
    ),
    critical: rate(
      outcomes.filter((o) => o.need.critical),
      (o) => o.crisisInTop,
    ),
    empty: outcomes.filter((o) => o.empty).length,
    byArea,
  };
}

export const percent = (r: Rate) => `${(r.rate * 100).toFixed(1)}%`;
