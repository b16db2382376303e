/**
 * Turns the curated records of `shared/data/directory/services.json` (jerdaw/careconnect) into our
 * service records. FACTS are carried over (names, phones, addresses, coordinates, hours, url,
 * email, category, fees, eligibility conditions, languages, verification), with the source noted in
 * `provenance`. All PROSE (descriptions, search terms, synonyms, notes, how to apply) is written
 * anew here from those facts, in English and French, with our own wording tables.
 */
import {
  type Category,
  conceptById,
  type DirectoryService,
  type Schedule,
  type ServiceLocation,
} from "../../../shared/directory/index.js";
import { audiencesFor } from "./audience.js";
import { CATEGORY_FALLBACK, SERVICE_KINDS } from "./service-kinds.js";

export const SOURCE = "jerdaw/careconnect data/services.json (2026-04-23)";

export interface RawService {
  id: string;
  name: string;
  name_fr?: string;
  url?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  coordinates?: { lat: number; lng: number } | null;
  intent_category: string;
  verification_level?: string;
  status?: string | null;
  scope?: string;
  fees?: string | null;
  eligibility?: string | string[] | null;
  eligibility_notes?: string | null;
  documents_required?: string | null;
  application_process?: string | null;
  languages?: string[] | null;
  virtual_delivery?: boolean;
  identity_tags?: Array<{ tag: string }>;
  provenance?: { verified_by?: string; verified_at?: string; evidence_url?: string; method?: string };
  hours?: Record<string, { open?: string; close?: string } | string | undefined> | null;
  resource_indicators?: { service_area_size?: string };
}

const DAY_KEYS: Array<[string, Schedule["weekly"][number]["day"]]> = [
  ["monday", "mo"],
  ["tuesday", "tu"],
  ["wednesday", "we"],
  ["thursday", "th"],
  ["friday", "fr"],
  ["saturday", "sa"],
  ["sunday", "su"],
];

function scheduleFrom(raw: RawService): Schedule | null {
  const hours = raw.hours;
  if (!hours) return null;
  const weekly: Schedule["weekly"] = [];
  for (const [key, day] of DAY_KEYS) {
    const slot = hours[key];
    if (
      slot &&
      typeof slot === "object" &&
      slot.open &&
      slot.close &&
      /^\d\d:\d\d$/.test(slot.open) &&
      /^\d\d:\d\d$/.test(slot.close)
    ) {
      weekly.push({ day, opens: slot.open, closes: slot.close });
    }
  }
  const allDay = weekly.length === 7 && weekly.every((w) => w.opens === "00:00" && w.closes === "23:59");
  const byAppointment = typeof hours.notes === "string" && /appointment/i.test(hours.notes);
  const notes = allDay
    ? { en: "Open 24 hours, every day.", fr: "Ouvert 24 heures sur 24, tous les jours." }
    : byAppointment
      ? { en: "By appointment.", fr: "Sur rendez-vous." }
      : null;
  if (weekly.length === 0 && !notes) return null;
  return { timezone: "America/Toronto", weekly, exceptions: [], notes };
}

/**
 * 9-8-8 is a call and text number across Canada (CRTC), but the source lists it as one call line:
 * the text line is added so "Text 988" is one tap away wherever the call is.
 */
const CALL_AND_TEXT = "988";

function phonesFrom(raw: RawService): DirectoryService["phones"] {
  if (!raw.phone) return [];
  const phones: DirectoryService["phones"] = raw.phone
    .split(/;|\s\/\s/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^([^()]*?)\s*\((.*)\)\s*(.*)$/.exec(part);
      if (!m) return { number: part, label: null };
      return { number: m[1].trim() || part, label: `${m[2]}${m[3] ? ` ${m[3]}` : ""}`.trim() };
    });
  if (phones.some((p) => p.number === CALL_AND_TEXT && p.label === null))
    phones.push({ number: CALL_AND_TEXT, label: "Text" });
  return phones;
}

/** Head offices and mailing addresses are not where people are served: kept as postal, no distance. */
function locationsFrom(raw: RawService): ServiceLocation[] {
  const address = raw.address?.trim() || null;
  if (!address && !raw.coordinates) return [];
  // "Province-wide", "Available across Canada": an area, not a place.
  if (address && !/\d/.test(address)) return [];
  const postal = !!address && /head office|mailing|p\.o\. box/i.test(address);
  const parts = address ? /,\s*([^,]+),\s*([A-Z]{2})\s+([A-Z]\d[A-Z]\s?\d[A-Z]\d|\d{5})/.exec(address) : null;
  return [
    {
      id: `loc-${raw.id}`,
      type: postal ? "postal" : "physical",
      name: null,
      address,
      city: parts?.[1]?.trim() ?? null,
      province: parts?.[2] ?? null,
      postalCode: parts?.[3] ?? null,
      lat: raw.coordinates?.lat ?? null,
      lng: raw.coordinates?.lng ?? null,
    },
  ];
}

function eligibilityFrom(raw: RawService): string | null {
  if (Array.isArray(raw.eligibility)) return raw.eligibility.join("; ") || null;
  if (typeof raw.eligibility === "string" && raw.eligibility.trim()) return raw.eligibility.trim();
  const inclusion = raw.eligibility_notes ? /Inclusion:\s*([^.]+)/.exec(raw.eligibility_notes) : null;
  return inclusion ? inclusion[1].trim() : null;
}

function feesSentence(fees: string | null): { en: string; fr: string } {
  if (!fees) return { en: "", fr: "" };
  if (/^free|^none$|^no cost/i.test(fees)) return { en: " Free.", fr: " Gratuit." };
  if (/ohip/i.test(fees))
    return { en: " Covered by OHIP.", fr: " Couvert par l'Assurance-santé de l'Ontario." };
  return { en: " Some costs may apply.", fr: " Des frais peuvent s'appliquer." };
}

/**
 * The source's two area fields disagree on a few records. A line either field calls national is
 * national: 9-8-8 is filed under Ontario in `scope` but as national in its service-area size, and
 * it has answered across Canada since November 2023, so nobody should read "across Ontario" under it.
 */
export function scopeOf(raw: RawService): DirectoryService["scope"] {
  if (raw.scope === "canada" || raw.resource_indicators?.service_area_size === "national") return "national";
  return raw.scope === "ontario" ? "provincial" : "local";
}

const SCOPE_WORDS = {
  local: { en: " in the Kingston area", fr: " dans la région de Kingston" },
  provincial: { en: " across Ontario", fr: " partout en Ontario" },
  national: { en: " across Canada", fr: " partout au Canada" },
} as const;

function applicationFrom(raw: RawService, phones: DirectoryService["phones"], locations: ServiceLocation[]) {
  const en: string[] = [];
  const fr: string[] = [];
  const texted = phones[0] && phones.some((p) => p.number === phones[0].number && p.label === "Text");
  if (phones[0] && texted) {
    en.push(`Call or text ${phones[0].number}.`);
    fr.push(`Appelez ou textez le ${phones[0].number}.`);
  } else if (phones[0]) {
    en.push(`Call ${phones[0].number}.`);
    fr.push(`Appelez le ${phones[0].number}.`);
  }
  const site = locations.find((l) => l.type === "physical" && l.address);
  if (site) {
    en.push(`Visit ${site.address}.`);
    fr.push(`Rendez-vous au ${site.address}.`);
  }
  if (raw.url) {
    en.push(`Details at ${raw.url}.`);
    fr.push(`Détails : ${raw.url}.`);
  }
  if (raw.application_process && /no referral/i.test(raw.application_process)) {
    en.push("No referral needed.");
    fr.push("Aucune recommandation nécessaire.");
  } else if (
    raw.application_process &&
    /referral (is )?required|requires a referral/i.test(raw.application_process)
  ) {
    en.push("A referral is needed.");
    fr.push("Une recommandation est nécessaire.");
  }
  return en.length ? { en: en.join(" "), fr: fr.join(" ") } : null;
}

function uniq(list: string[], max: number): string[] {
  return [...new Set(list)].slice(0, max);
}

export function carryOver(raw: RawService): DirectoryService {
  const category = raw.intent_category.toLowerCase() as Category;
  const fallback = CATEGORY_FALLBACK[category];
  if (!fallback) throw new Error(`${raw.id}: unknown category ${raw.intent_category}`);
  const haystack = raw.name.toLowerCase();
  const tags = (raw.identity_tags ?? []).map((t) => t.tag);
  const kind = SERVICE_KINDS.find((kd) => kd.match.test(haystack));
  const audiences = audiencesFor(tags).filter((a) => !a.concept || !kind?.concepts.includes(a.concept));
  const scope = scopeOf(raw);
  const fees = raw.fees && !/^n\/a$/i.test(raw.fees) ? raw.fees.trim() : null;
  const schedule = scheduleFrom(raw);
  const phones = phonesFrom(raw);
  const locations = locationsFrom(raw);
  const forWhom = audiences.length
    ? {
        en: `, for ${audiences.map((a) => a.en).join(" and ")}`,
        fr: `, pour ${audiences.map((a) => a.fr).join(" et ")}`,
      }
    : { en: "", fr: "" };
  const fee = feesSentence(fees);
  const always = schedule?.notes?.en.startsWith("Open 24")
    ? { en: " Open 24/7.", fr: " Ouvert 24 h sur 24, 7 jours sur 7." }
    : { en: "", fr: "" };
  const head = kind ?? fallback;
  const conceptIds = uniq(
    [
      ...(kind?.concepts ?? []),
      ...fallback.concepts,
      ...audiences.flatMap((a) => (a.concept ? [a.concept] : [])),
    ],
    5,
  );
  const concepts = conceptIds.map((id) => conceptById(id)).filter((c) => c !== undefined);
  return {
    id: raw.id,
    organizationId: `org-${raw.id}`,
    organizationName: raw.name,
    name: { en: raw.name, fr: raw.name_fr?.trim() || raw.name },
    description: {
      en: `${head.en}${forWhom.en}${SCOPE_WORDS[scope].en}.${fee.en}${always.en}`,
      fr: `${head.fr}${forWhom.fr}${SCOPE_WORDS[scope].fr}.${fee.fr}${always.fr}`,
    },
    category,
    tags,
    searchTerms: {
      en: uniq(
        concepts.flatMap((c) => c.terms.en),
        24,
      ),
      fr: uniq(
        concepts.flatMap((c) => c.terms.fr),
        24,
      ),
    },
    synonyms: { en: kind?.synonyms.en ?? [], fr: kind?.synonyms.fr ?? [] },
    eligibility: eligibilityFrom(raw),
    fees,
    applicationProcess: applicationFrom(raw, phones, locations),
    documentsRequired: raw.documents_required?.trim() || null,
    languages: raw.languages ?? [],
    url: raw.url ?? null,
    email: raw.email ?? null,
    status:
      raw.status && /closed/i.test(raw.status)
        ? "defunct"
        : raw.status && /inactive/i.test(raw.status)
          ? "inactive"
          : "active",
    verificationLevel: (["L0", "L1", "L2", "L3"].includes(raw.verification_level ?? "")
      ? raw.verification_level
      : "L0") as DirectoryService["verificationLevel"],
    lastVerified: raw.provenance?.verified_at ?? null,
    scope,
    virtual: raw.virtual_delivery === true || !locations.some((l) => l.type === "physical"),
    provenance: {
      source: SOURCE,
      sourceRecordId: raw.id,
      verifiedBy: raw.provenance?.verified_by ?? null,
      method: raw.provenance?.method ?? null,
      evidenceUrl: raw.provenance?.evidence_url ?? null,
    },
    phones,
    locations,
    schedule,
    version: 1,
    updatedAt: raw.provenance?.verified_at ?? "2026-04-23T00:00:00.000Z",
  };
}
