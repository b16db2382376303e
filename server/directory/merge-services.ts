/**
 * Folds duplicate records (duplicates.ts) into one, deterministically: the same records give the
 * same merged record and the same kept id, whatever order they come in.
 * - Kept id: the active record holding the most facts (phones, places, opening hours, tags,
 *   languages, filled-in fields), then the higher verification level, then the alphabetically
 *   first id.
 * - Every fact of the other record is kept: lists are joined without repeats (phones by the number
 *   they dial, places by street address), an empty field takes the other's value, and two different
 *   texts for eligibility, fees or documents are both kept ("A / B"). Name, description, category
 *   and provenance stay the kept record's; the other's id joins `mergedIds`.
 */
import type { DirectoryService, ServiceLocation } from "../../shared/directory/index.js";
import { phoneKey } from "../../shared/directory/phone.js";
import { addressKey, type DuplicatePair, findDuplicatePairs, foldName } from "./duplicates.js";
import type { ServiceChange } from "./repository.js";

const LEVEL = { L0: 0, L1: 1, L2: 2, L3: 3 } as const;

function factCount(s: DirectoryService): number {
  const filled = [s.eligibility, s.fees, s.documentsRequired, s.applicationProcess, s.url, s.email];
  return (
    s.phones.length +
    s.locations.length +
    (s.schedule?.weekly.length ?? 0) +
    s.tags.length +
    s.languages.length +
    filled.filter((v) => v !== null).length
  );
}

/** Negative when `a` should be kept over `b`. */
export function keepOrder(a: DirectoryService, b: DirectoryService): number {
  return (
    Number(b.status === "active") - Number(a.status === "active") ||
    factCount(b) - factCount(a) ||
    LEVEL[b.verificationLevel] - LEVEL[a.verificationLevel] ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

function unionBy<T>(a: T[], b: T[], key: (x: T) => string): T[] {
  const seen = new Set(a.map(key));
  return [...a, ...b.filter((x) => !seen.has(key(x)))];
}

/** Both texts unless one already says what the other does (after folding). */
function bothTexts(a: string | null, b: string | null): string | null {
  if (!a || !b) return a ?? b;
  const fa = foldName(a);
  const fb = foldName(b);
  if (fa.includes(fb)) return a;
  if (fb.includes(fa)) return b;
  return `${a} / ${b}`;
}

const placeKey = (l: ServiceLocation) => {
  const k = addressKey(l);
  return k ? `${k.street}|${k.city ?? ""}` : `id:${l.id}`;
};

const hasPlace = (s: DirectoryService) => s.locations.some((l) => l.type === "physical");

/** `other` folded into `kept` (see the header); version and updatedAt are the caller's to set. */
export function mergeServices(kept: DirectoryService, other: DirectoryService): DirectoryService {
  const locations = unionBy(kept.locations, other.locations, placeKey);
  const merged: DirectoryService = {
    ...kept,
    tags: union(kept.tags, other.tags),
    searchTerms: {
      en: union(kept.searchTerms.en, other.searchTerms.en),
      fr: union(kept.searchTerms.fr, other.searchTerms.fr),
    },
    synonyms: {
      en: union(kept.synonyms.en, other.synonyms.en),
      fr: union(kept.synonyms.fr, other.synonyms.fr),
    },
    languages: union(kept.languages, other.languages),
    eligibility: bothTexts(kept.eligibility, other.eligibility),
    fees: bothTexts(kept.fees, other.fees),
    documentsRequired: bothTexts(kept.documentsRequired, other.documentsRequired),
    applicationProcess: kept.applicationProcess ?? other.applicationProcess,
    url: kept.url ?? other.url,
    email: kept.email ?? other.email,
    phones: unionBy(kept.phones, other.phones, (p) => phoneKey(p.number, p.label)),
    locations,
    schedule: kept.schedule ?? other.schedule,
    // Virtual delivery said of a record with a place of its own; a record with no place is virtual.
    virtual:
      !locations.some((l) => l.type === "physical") ||
      (kept.virtual && hasPlace(kept)) ||
      (other.virtual && hasPlace(other)),
    verificationLevel:
      LEVEL[other.verificationLevel] > LEVEL[kept.verificationLevel]
        ? other.verificationLevel
        : kept.verificationLevel,
    lastVerified: kept.lastVerified ?? other.lastVerified,
    mergedIds: union(kept.mergedIds ?? [], [other.id, ...(other.mergedIds ?? [])]).sort(),
  };
  return merged;
}

export interface MergeStep extends DuplicatePair {
  keptId: string;
  mergedId: string;
  /** The merged-away record's values that differed and could not be kept beside the kept ones. */
  setAside: string[];
}

/** What of `other` a merge cannot carry (one category, one name, one website, one set of hours). */
function setAside(kept: DirectoryService, other: DirectoryService): string[] {
  const out: string[] = [];
  if (kept.name.en !== other.name.en) out.push(`name "${other.name.en}"`);
  if (kept.category !== other.category) out.push(`category ${other.category}`);
  if (kept.url && other.url && kept.url !== other.url) out.push(`website ${other.url}`);
  if (kept.email && other.email && kept.email !== other.email) out.push(`email ${other.email}`);
  if (kept.schedule && other.schedule && JSON.stringify(kept.schedule) !== JSON.stringify(other.schedule))
    out.push("opening hours");
  return out;
}

export interface MergePlan {
  /** The kept records, merged, by id. */
  merged: Map<string, DirectoryService>;
  /** One step per record folded away: which pair matched and why. */
  steps: MergeStep[];
}

/**
 * Groups the duplicate pairs of a list (a record matched by two others joins one group) and folds
 * each group into its kept record, in keep order.
 */
export function planMerges(services: DirectoryService[]): MergePlan {
  const pairs = findDuplicatePairs(services);
  const byId = new Map(services.map((s) => [s.id, s]));
  const parent = new Map<string, string>();
  const root = (id: string): string => {
    const p = parent.get(id) ?? id;
    if (p === id) return id;
    const r = root(p);
    parent.set(id, r);
    return r;
  };
  for (const p of pairs) {
    const [ra, rb] = [root(p.a), root(p.b)];
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  }
  const groups = new Map<string, DirectoryService[]>();
  for (const p of pairs)
    for (const id of [p.a, p.b]) {
      const list = groups.get(root(id)) ?? [];
      const s = byId.get(id);
      if (s && !list.includes(s)) list.push(s);
      groups.set(root(id), list);
    }
  const merged = new Map<string, DirectoryService>();
  const steps: MergeStep[] = [];
  for (const members of groups.values()) {
    const [first, ...rest] = members.sort(keepOrder);
    let record = first;
    for (const other of rest) {
      const aside = setAside(record, other);
      record = mergeServices(record, other);
      // The strongest pair that ties this record to its group explains the step.
      const pair = pairs.find((p) => p.a === other.id || p.b === other.id) as DuplicatePair;
      steps.push({ ...pair, keptId: first.id, mergedId: other.id, setAside: aside });
    }
    merged.set(first.id, record);
  }
  steps.sort((x, y) =>
    x.keptId < y.keptId ? -1 : x.keptId > y.keptId ? 1 : x.mergedId < y.mergedId ? -1 : 1,
  );
  return { merged, steps };
}

/** The audited change that retires the record a merge step folds into another. */
export function mergeChange(step: MergeStep, before: DirectoryService, at: string): ServiceChange {
  return {
    at,
    actor: null,
    action: "merge",
    before,
    after: {
      id: step.mergedId,
      deleted: true,
      updatedAt: at,
      mergedInto: step.keptId,
      score: step.score,
      evidence: step.evidence,
    },
    id: step.mergedId,
    version: before.version + 1,
  };
}
