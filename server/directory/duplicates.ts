/**
 * Finds services that describe the same thing twice, and says why, with a score out of 100.
 *
 * Every comparison runs on folded text (shared/text: case and accents; here also "&" = "and",
 * punctuation dropped, street words shortened: "Street" = "St"). Two records earn points for:
 *   identity  50  the same organization (id or name) or the same service name (English or French)
 *             30  names that agree only once a bracketed qualifier is dropped ("ACFOMI (…)" / "ACFOMI")
 *   phone     20  a number in common (same E.164 and extension, or the same short code)
 *   address   20  the same street address (unit, postal code and notes such as "(Head Office)" aside)
 *   website   10  the same web page (host without "www." and path)
 * A pair is a duplicate at 60 or more: one identity plus any shared contact, or a near-identical
 * name plus two. Contacts alone (at most 50) never are: two programmes of one agency in one
 * building share its phone, address and website and are still two services. The report names the
 * evidence ("same organization, same phone") next to the score.
 */
import type { DirectoryService, ServiceLocation } from "../../shared/directory/index.js";
import { phoneKey } from "../../shared/directory/phone.js";
import { foldAccents } from "../../shared/text/index.js";

export const DUPLICATE_THRESHOLD = 60;
const POINTS = { identity: 50, similarName: 30, phone: 20, address: 20, website: 10 } as const;

export type Evidence =
  | "same organization"
  | "same name"
  | "similar name"
  | "same phone"
  | "same address"
  | "same website";

export interface DuplicateMatch {
  score: number;
  evidence: Evidence[];
}

export interface DuplicatePair extends DuplicateMatch {
  a: string;
  b: string;
}

const STREET_WORDS: Record<string, string> = {
  street: "st",
  avenue: "ave",
  av: "ave",
  drive: "dr",
  road: "rd",
  crescent: "cres",
  court: "ct",
  boulevard: "blvd",
  lane: "ln",
  place: "pl",
  highway: "hwy",
};

/** Folded words: lower case, no accents, "&" as "and", no punctuation. */
export function foldName(text: string): string {
  return foldAccents(text)
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const withoutQualifier = (text: string) => foldName(text.replace(/\([^)]*\)/g, " "));

/** The street line of an address (first part before a comma, notes dropped), folded, with the city. */
export function addressKey(l: ServiceLocation): { street: string; city: string | null } | null {
  if (!l.address) return null;
  const street = foldName(l.address.replace(/\([^)]*\)/g, " ").split(",")[0])
    .split(" ")
    .map((w) => STREET_WORDS[w] ?? w)
    .join(" ");
  return street ? { street, city: l.city ? foldName(l.city) : null } : null;
}

/** Host (without "www.") and path of a web address, or null when it does not parse. */
export function websiteKey(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return `${u.hostname.toLowerCase().replace(/^www\./, "")}${u.pathname.replace(/\/+$/, "").toLowerCase()}`;
  } catch {
    return null;
  }
}

/** Phone keys by line: parsing is most of the cost of indexing, and the same lines come back on every write. */
const phoneKeys = new Map<string, string>();
function cachedPhoneKey(number: string, label: string | null): string {
  const line = `${number}\u0000${label ?? ""}`;
  let key = phoneKeys.get(line);
  if (key === undefined) {
    if (phoneKeys.size >= 20_000) phoneKeys.clear();
    key = phoneKey(number, label);
    phoneKeys.set(line, key);
  }
  return key;
}

/** Precomputed keys of one record, so a batch compares each record's keys once. */
export interface ServiceKeys {
  id: string;
  organizationId: string;
  names: Set<string>;
  qualified: Set<string>;
  organization: string;
  phones: Set<string>;
  addresses: Array<{ street: string; city: string | null }>;
  website: string | null;
}

export function keysOf(s: DirectoryService): ServiceKeys {
  return {
    id: s.id,
    organizationId: s.organizationId,
    names: new Set([foldName(s.name.en), foldName(s.name.fr)].filter(Boolean)),
    qualified: new Set([s.name.en, s.name.fr, s.organizationName].map(withoutQualifier).filter(Boolean)),
    organization: foldName(s.organizationName),
    phones: new Set(s.phones.map((p) => cachedPhoneKey(p.number, p.label))),
    addresses: s.locations.map(addressKey).filter((k) => k !== null),
    website: websiteKey(s.url),
  };
}

const overlaps = <T>(a: Set<T>, b: Set<T>) => [...a].some((x) => b.has(x));

/** The evidence two records share and its score (see the header for the points). */
export function compareKeys(a: ServiceKeys, b: ServiceKeys): DuplicateMatch {
  const evidence: Evidence[] = [];
  let score = 0;
  const sameOrg =
    a.organizationId === b.organizationId || (a.organization !== "" && a.organization === b.organization);
  const sameName = overlaps(a.names, b.names);
  if (sameOrg) evidence.push("same organization");
  if (sameName) evidence.push("same name");
  if (sameOrg || sameName) score += POINTS.identity;
  else if (overlaps(a.qualified, b.qualified)) {
    evidence.push("similar name");
    score += POINTS.similarName;
  }
  if (overlaps(a.phones, b.phones)) {
    evidence.push("same phone");
    score += POINTS.phone;
  }
  const sameAddress = a.addresses.some((x) =>
    b.addresses.some((y) => x.street === y.street && (!x.city || !y.city || x.city === y.city)),
  );
  if (sameAddress) {
    evidence.push("same address");
    score += POINTS.address;
  }
  if (a.website !== null && a.website === b.website) {
    evidence.push("same website");
    score += POINTS.website;
  }
  return { score, evidence };
}

export const isDuplicate = (m: DuplicateMatch) => m.score >= DUPLICATE_THRESHOLD;

function identityKeys(k: ServiceKeys): Set<string> {
  const keys = [`org:${k.organizationId}`, `orgname:${k.organization}`];
  for (const n of k.names) keys.push(`name:${n}`);
  for (const q of k.qualified) keys.push(`qualified:${q}`);
  return new Set(keys);
}

/**
 * Records indexed by identity (organization, names): only records sharing one can reach the
 * threshold, so a lookup compares a handful of records, not the whole directory.
 */
export class DuplicateIndex {
  private readonly keys = new Map<string, ServiceKeys>();
  private readonly byIdentity = new Map<string, string[]>();
  private readonly labels = new Map<string, string>();

  constructor(services: DirectoryService[] = []) {
    for (const s of services) this.add(s);
  }

  add(s: DirectoryService): void {
    const k = keysOf(s);
    this.keys.set(s.id, k);
    this.labels.set(s.id, s.name.en);
    for (const key of identityKeys(k)) {
      const list = this.byIdentity.get(key);
      if (list) list.push(s.id);
      else this.byIdentity.set(key, [s.id]);
    }
  }

  /** The English name of an indexed record. */
  nameOf(id: string): string | undefined {
    return this.labels.get(id);
  }

  /** Indexed records that `candidate` duplicates (itself excluded), strongest first. */
  matches(candidate: DirectoryService): Array<DuplicateMatch & { id: string }> {
    return this.matchKeys(keysOf(candidate));
  }

  private matchKeys(mine: ServiceKeys): Array<DuplicateMatch & { id: string }> {
    const ids = new Set<string>();
    for (const key of identityKeys(mine)) for (const id of this.byIdentity.get(key) ?? []) ids.add(id);
    ids.delete(mine.id);
    return [...ids]
      .map((id) => ({ id, ...compareKeys(mine, this.keys.get(id) as ServiceKeys) }))
      .filter(isDuplicate)
      .sort((p, q) => q.score - p.score || (p.id < q.id ? -1 : 1));
  }

  /** Every duplicate pair among the indexed records, strongest first, then by ids. */
  pairs(): DuplicatePair[] {
    const pairs: DuplicatePair[] = [];
    for (const [id, k] of this.keys)
      for (const m of this.matchKeys(k))
        if (id < m.id) pairs.push({ a: id, b: m.id, score: m.score, evidence: m.evidence });
    return pairs.sort((p, q) => q.score - p.score || (p.a < q.a ? -1 : p.a > q.a ? 1 : p.b < q.b ? -1 : 1));
  }
}

/** Every duplicate pair in a list, strongest first, then by ids. */
export function findDuplicatePairs(services: DirectoryService[]): DuplicatePair[] {
  return new DuplicateIndex(services).pairs();
}
