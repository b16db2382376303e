/**
 * Our service record ↔ the Open Referral HSDS 3.0 service object (the "JSON service form").
 * HSDS fields carry what HSDS has a field for; what it lacks (French text, category, search terms,
 * verification level, provenance, time zone…) travels in `x_` extension fields, so an export read
 * back by `fromHsdsService` gives the very same record.
 */
import { type DirectoryService, lastVerifiedSchema, serviceSchema } from "../../../shared/directory/index.js";
import { phoneKey } from "../../../shared/directory/phone.js";
import { TERMS } from "../hsds-api/taxonomy.js";

export interface HsdsAddress {
  id: string;
  location_id: string;
  address_1: string | null;
  city: string | null;
  state_province: string | null;
  postal_code: string | null;
  country: string;
  address_type: string;
}
export interface HsdsLocation {
  id: string;
  location_type: "physical" | "postal";
  organization_id: string;
  name: string | null;
  latitude: number | null;
  longitude: number | null;
  addresses: HsdsAddress[];
}
export interface HsdsSchedule {
  id: string;
  service_id: string;
  freq: string | null;
  byday: string | null;
  opens_at: string | null;
  closes_at: string | null;
  valid_from: string | null;
  valid_to: string | null;
  notes: string | null;
  x_closed: boolean;
}
export interface HsdsService {
  id: string;
  organization_id: string;
  organization: { id: string; name: string };
  name: string;
  description: string;
  url: string | null;
  email: string | null;
  status: string;
  application_process: string | null;
  fees_description: string | null;
  eligibility_description: string | null;
  assured_date: string | null;
  last_modified: string;
  phones: Array<{ id: string; service_id: string; number: string; description: string | null }>;
  schedules: HsdsSchedule[];
  service_at_locations: Array<{
    id: string;
    service_id: string;
    location_id: string;
    location: HsdsLocation;
  }>;
  x_name_fr: string;
  x_description_fr: string;
  x_application_process_fr: string | null;
  x_category: string;
  x_tags: string[];
  x_search_terms: { en: string[]; fr: string[] };
  x_synonyms: { en: string[]; fr: string[] };
  x_verification_level: string;
  x_last_verified: string | null;
  x_scope: string;
  x_virtual: boolean;
  x_languages: string[];
  x_documents_required: string | null;
  x_provenance: DirectoryService["provenance"];
  x_timezone: string | null;
  x_schedule_notes: string | null;
  x_schedule_notes_fr: string | null;
  /** Ids of duplicate records merged into this one (absent when none). */
  x_merged_ids?: string[];
  x_version: number;
}

/**
 * Row ids named by what each row says, not where it stands, so a phone or an hours row keeps its id
 * when others are added, removed or reordered. The same content twice in one service takes "~2",
 * "~3" in order of appearance.
 */
function contentIds(prefix: string, keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${prefix}${key}${n > 1 ? `~${n}` : ""}`;
  });
}

/**
 * A phone is what it reaches (number and extension, code, or text line; its label aside); a weekly
 * row is its day and hours; an exception is its date and hours, or its date and "closed".
 */
function rowIds(s: DirectoryService) {
  return {
    phones: contentIds(
      `${s.id}-ph:`,
      s.phones.map((p) => phoneKey(p.number, p.label)),
    ),
    weekly: contentIds(
      `${s.id}-sch:`,
      (s.schedule?.weekly ?? []).map((w) => `${w.day}-${w.opens}-${w.closes}`),
    ),
    exceptions: contentIds(
      `${s.id}-exc:`,
      (s.schedule?.exceptions ?? []).map((e) =>
        e.closed ? `${e.date}-closed` : `${e.date}-${e.opens ?? ""}-${e.closes ?? ""}`,
      ),
    ),
  };
}

/**
 * HSDS's assured_date (a date) from when the record was last checked; null when none, or when a
 * value stored before it was checked on input is no date ("yesterday", "2026-02-30").
 */
export function assuredDate(lastVerified: string | null): string | null {
  return lastVerified !== null && lastVerifiedSchema.safeParse(lastVerified).success
    ? lastVerified.slice(0, 10)
    : null;
}

export function toHsdsService(s: DirectoryService): HsdsService {
  const ids = rowIds(s);
  return {
    id: s.id,
    organization_id: s.organizationId,
    organization: { id: s.organizationId, name: s.organizationName },
    name: s.name.en,
    description: s.description.en,
    url: s.url,
    email: s.email,
    status: s.status,
    application_process: s.applicationProcess?.en ?? null,
    fees_description: s.fees,
    eligibility_description: s.eligibility,
    assured_date: assuredDate(s.lastVerified),
    last_modified: s.updatedAt,
    phones: s.phones.map((p, i) => ({
      id: ids.phones[i],
      service_id: s.id,
      number: p.number,
      description: p.label,
    })),
    schedules: [
      ...(s.schedule?.weekly ?? []).map((w, i) => ({
        id: ids.weekly[i],
        service_id: s.id,
        freq: "WEEKLY",
        byday: w.day.toUpperCase(),
        opens_at: w.opens,
        closes_at: w.closes,
        valid_from: null,
        valid_to: null,
        notes: null,
        x_closed: false,
      })),
      ...(s.schedule?.exceptions ?? []).map((e, i) => ({
        id: ids.exceptions[i],
        service_id: s.id,
        freq: null,
        byday: null,
        opens_at: e.opens,
        closes_at: e.closes,
        valid_from: e.date,
        valid_to: e.date,
        notes: e.note,
        x_closed: e.closed,
      })),
    ],
    service_at_locations: s.locations.map((l) => ({
      id: `${s.id}@${l.id}`,
      service_id: s.id,
      location_id: l.id,
      location: {
        id: l.id,
        location_type: l.type,
        organization_id: s.organizationId,
        name: l.name,
        latitude: l.lat,
        longitude: l.lng,
        addresses: [
          {
            id: `${l.id}-addr`,
            location_id: l.id,
            address_1: l.address,
            city: l.city,
            state_province: l.province,
            postal_code: l.postalCode,
            country: "CA",
            address_type: l.type,
          },
        ],
      },
    })),
    x_name_fr: s.name.fr,
    x_description_fr: s.description.fr,
    x_application_process_fr: s.applicationProcess?.fr ?? null,
    x_category: s.category,
    x_tags: s.tags,
    x_search_terms: s.searchTerms,
    x_synonyms: s.synonyms,
    x_verification_level: s.verificationLevel,
    x_last_verified: s.lastVerified,
    x_scope: s.scope,
    x_virtual: s.virtual,
    x_languages: s.languages,
    x_documents_required: s.documentsRequired,
    x_provenance: s.provenance,
    x_timezone: s.schedule?.timezone ?? null,
    x_schedule_notes: s.schedule?.notes?.en ?? null,
    x_schedule_notes_fr: s.schedule?.notes?.fr ?? null,
    ...(s.mergedIds?.length ? { x_merged_ids: s.mergedIds } : {}),
    x_version: s.version,
  };
}

const orNull = (v: unknown) => (v === undefined || v === "" ? null : v);
/**
 * A weekly row's closing time. Publishers write "open 24 hours" as 00:00 to 00:00, which our
 * schema refuses as an opening that closes when it opens: it is read as the whole day, to 24:00.
 */
const closingOf = (opens: string, closesAt: unknown) => {
  const closes = String(closesAt).slice(0, 5);
  return opens === "00:00" && closes === "00:00" ? "24:00" : closes;
};
/**
 * A French text as the record gives it, empty included (our export writes "" for French left
 * blank); the English one only when the record has no French field at all (another publisher's).
 */
const givenOr = (french: string | null | undefined, english: string) =>
  french === undefined || french === null ? english : french;

/** Label words that say a line is a fax or a textphone (the HSDS API writes `type` from them). */
const FAX_LABEL = /\b(fax|t[ée]l[ée]copieur)\b/i;
const TEXTPHONE_LABEL = /\b(tty|ats|textphone|t[ée]l[ée]scripteur)\b/i;

type ImportedPhone = { number?: unknown; extension?: unknown; type?: unknown; description?: string | null };

/**
 * An HSDS phone as our number and label: the extension back into the number (as our numbers write
 * it), and a fax or textphone line labelled as one, so it is never offered as a number to call.
 */
function importedPhone(p: ImportedPhone): { number: string; label: string | null } {
  const ext = orNull(p.extension);
  const number = ext === null ? String(p.number) : `${String(p.number).trim()} ext. ${String(ext)}`;
  let label = orNull(p.description) as string | null;
  if (p.type === "fax" && !FAX_LABEL.test(label ?? "")) label = label ? `Fax: ${label}` : "Fax";
  if (p.type === "textphone" && !TEXTPHONE_LABEL.test(label ?? "")) label = label ? `TTY: ${label}` : "TTY";
  return { number, label };
}

type ImportedAttribute = {
  taxonomy_term_id?: unknown;
  taxonomy_term?: { id?: unknown; code?: unknown; name?: unknown } | null;
};

/** What an import reads beyond the record: the day it reads it, and where its warnings go. */
export interface ImportContext {
  /** The day a weekly row's UTC offset is taken to be in force (the file's day being unknown). */
  now?: Date;
  /** Each guess the import made about the record (kept, not refused), naming the field. */
  warnings?: string[];
}

/**
 * Our category from a record's HSDS attributes: the first term that is one of our published terms
 * (by id, code or name, English or French), a need counting as its category. Undefined when the
 * record has no attributes; "community" with a warning naming `attributes` when none of them is
 * ours (another taxonomy, such as a 211's AIRS codes): the record is kept, as before.
 */
function categoryOfAttributes(attributes: unknown, warnings: string[]): string | undefined {
  if (!Array.isArray(attributes) || attributes.length === 0) return undefined;
  const fold = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : "");
  const given: string[] = [];
  for (const a of attributes as ImportedAttribute[]) {
    const keys = [a.taxonomy_term_id, a.taxonomy_term?.id, a.taxonomy_term?.code, a.taxonomy_term?.name]
      .map(fold)
      .filter(Boolean);
    const named = a?.taxonomy_term?.code ?? a?.taxonomy_term_id ?? a?.taxonomy_term?.name;
    if (typeof named === "string" && named) given.push(named);
    const term = TERMS.find((t) =>
      [t.id, t.code, t.name.en, t.name.fr].some((k) => keys.includes(k.toLowerCase())),
    );
    if (!term) continue;
    const top = term.parentId === null ? term : TERMS.find((t) => t.id === term.parentId);
    if (top) return top.code;
  }
  warnings.push(
    `attributes: no taxonomy term is one of ours${given.length ? ` (${given.slice(0, 3).join(", ")})` : ""}; filed under "community" (ours: see /api/hsds/taxonomy_terms)`,
  );
  return "community";
}

/**
 * Canadian zones, most populous first: a bare UTC offset is read as the first of them that has it
 * (-05:00 in winter is Toronto's, not Atikokan's; -06:00 in winter Winnipeg's, not Regina's).
 */
const CANADIAN_ZONES = [
  "America/Toronto",
  "America/Vancouver",
  "America/Edmonton",
  "America/Halifax",
  "America/Winnipeg",
  "America/Regina",
  "America/St_Johns",
  "America/Whitehorse",
  "America/Atikokan",
];
/** A province's or territory's main zone, by its code or its English or French name. */
const PROVINCE_ZONES: Array<[string[], string]> = [
  [["on", "ontario"], "America/Toronto"],
  [["qc", "pq", "quebec", "québec"], "America/Toronto"],
  [["bc", "british columbia", "colombie-britannique"], "America/Vancouver"],
  [["ab", "alberta"], "America/Edmonton"],
  [["mb", "manitoba"], "America/Winnipeg"],
  [["sk", "saskatchewan"], "America/Regina"],
  [["ns", "nova scotia", "nouvelle-écosse"], "America/Halifax"],
  [["nb", "new brunswick", "nouveau-brunswick"], "America/Halifax"],
  [["pe", "pei", "prince edward island", "île-du-prince-édouard"], "America/Halifax"],
  [["nl", "nf", "newfoundland and labrador", "newfoundland", "terre-neuve-et-labrador"], "America/St_Johns"],
  [["yt", "yukon"], "America/Whitehorse"],
  [["nt", "northwest territories", "territoires du nord-ouest"], "America/Edmonton"],
  [["nu", "nunavut"], "America/Iqaluit"],
];
const OFFSET = /(Z|[+-]\d{2}:\d{2})$/;
const offsetMinutesIn = (zone: string, at: string) => {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(new Date(at))
      .find((x) => x.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};
const offsetOf = (text: string) => {
  if (text === "Z") return 0;
  const sign = text.startsWith("-") ? -1 : 1;
  return sign * (Number(text.slice(1, 3)) * 60 + Number(text.slice(4, 6)));
};

/** The zones of the provinces a record's addresses name, in order, once each. */
function provinceZones(h: Record<string, unknown>): string[] {
  const zones: string[] = [];
  const links = Array.isArray(h.service_at_locations) ? h.service_at_locations : [];
  for (const link of links as Array<{ location?: { addresses?: Array<{ state_province?: unknown }> } }>)
    for (const a of link?.location?.addresses ?? []) {
      const province = typeof a?.state_province === "string" ? a.state_province.trim().toLowerCase() : "";
      const zone = PROVINCE_ZONES.find(([names]) => names.includes(province))?.[1];
      if (zone && !zones.includes(zone)) zones.push(zone);
    }
  return zones;
}

/** An offset a row's time carries, and the days it may be in force on. */
interface RowOffset {
  where: string;
  offset: string;
  minutes: number;
  /** A dated row's own day; for a weekly row, the import's day. */
  on: string;
  /** A weekly row's offset was written on a day we do not know: any time of year. */
  weekly: boolean;
}
const YEAR_ROUND = ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"];
/** The zone has the row's offset on its day (strict), or for a weekly row at some time of year. */
const fits = (zone: string, r: RowOffset, strict: boolean) =>
  offsetMinutesIn(zone, r.on) === r.minutes ||
  (!strict && r.weekly && YEAR_ROUND.some((at) => offsetMinutesIn(zone, at) === r.minutes));

/**
 * The zone of a record's hours, the wall-clock times kept as written: the one it names
 * (x_timezone, on the service or a row); else its address's province's main zone when that zone
 * has the offsets its times carry; else the most populous Canadian zone with those offsets on
 * their day (a dated row's own, a weekly row's the import's day, then any time of year), with a
 * warning that the zone was read from the offset alone. Refused naming the field only when no
 * Canadian zone has the offset (or the offsets of all its rows together).
 */
function zoneOfRows(
  h: Record<string, unknown>,
  rows: HsdsSchedule[],
  now: Date,
  warnings: string[],
): string | null {
  const named =
    orNull(h.x_timezone) ??
    rows.map((r) => orNull((r as { x_timezone?: unknown }).x_timezone)).find((z) => z !== null);
  if (typeof named === "string") return named;
  const offsets: RowOffset[] = [];
  for (const [i, row] of rows.entries()) {
    const weekly = row.freq === "WEEKLY" || !row.valid_from;
    for (const field of ["opens_at", "closes_at"] as const) {
      const m = OFFSET.exec(String(row[field] ?? ""));
      if (!m) continue;
      offsets.push({
        where: `schedules.${i}.${field}`,
        offset: m[1],
        minutes: offsetOf(m[1]),
        on: weekly ? now.toISOString() : `${row.valid_from}T12:00:00Z`,
        weekly,
      });
    }
  }
  if (offsets.length === 0) return null;
  const allFit = (zone: string, strict: boolean) => offsets.every((r) => fits(zone, r, strict));
  const province = provinceZones(h).find((z) => allFit(z, false));
  if (province) return province;
  const zone = CANADIAN_ZONES.find((z) => allFit(z, true)) ?? CANADIAN_ZONES.find((z) => allFit(z, false));
  if (zone) {
    warnings.push(
      `${offsets[0].where}: the UTC offset ${offsets[0].offset} read as ${zone}, the most populous Canadian zone with it (give the IANA zone in x_timezone, or the province in the address, to say otherwise)`,
    );
    return zone;
  }
  const alone = offsets.find((r) => !CANADIAN_ZONES.some((z) => fits(z, r, false)));
  const bad = alone ?? offsets[0];
  throw new Error(
    `${bad.where}: the UTC offset ${bad.offset} is no Canadian time zone's${alone ? "" : " that the other rows' offsets allow"}${bad.weekly ? "" : ` on ${bad.on.slice(0, 10)}`}; give the IANA zone in x_timezone (America/Toronto)`,
  );
}

/**
 * Reads an HSDS service object (ours, or another publisher's without the x_ fields: French falls
 * back to the English text; the category comes from a taxonomy term of ours in `attributes`, else
 * "community" (with a warning when its terms are another taxonomy's); languages from `languages`;
 * a phone's `extension` goes back into its number, a fax or textphone line is labelled so; times
 * keep their wall-clock time, their UTC offset saying the zone (zoneOfRows)). Throws with the
 * reason, naming the field, when it is invalid; what it had to guess goes to `context.warnings`.
 */
export function fromHsdsService(
  h: Partial<HsdsService> & Record<string, unknown>,
  source: string,
  context: ImportContext = {},
): DirectoryService {
  const warnings: string[] = [];
  if (!h.id || typeof h.id !== "string") throw new Error('missing "id"');
  if (!h.name) throw new Error('missing "name"');
  const weekly = (h.schedules ?? []).filter((x) => x.freq === "WEEKLY");
  const exceptions = (h.schedules ?? []).filter((x) => x.freq !== "WEEKLY");
  const hasSchedule = h.x_timezone !== undefined ? orNull(h.x_timezone) !== null : weekly.length > 0;
  const zone = zoneOfRows(h, h.schedules ?? [], context.now ?? new Date(), warnings);
  const notesEn = orNull(h.x_schedule_notes) as string | null;
  const candidate = {
    id: h.id,
    organizationId: h.organization_id ?? h.organization?.id,
    organizationName: h.organization?.name ?? h.organization_id,
    name: { en: h.name, fr: orNull(h.x_name_fr) ?? h.name },
    description: { en: h.description ?? "", fr: givenOr(h.x_description_fr, h.description ?? "") },
    category: orNull(h.x_category) ?? categoryOfAttributes(h.attributes, warnings) ?? "community",
    tags: h.x_tags ?? [],
    searchTerms: h.x_search_terms ?? { en: [], fr: [] },
    synonyms: h.x_synonyms ?? { en: [], fr: [] },
    eligibility: orNull(h.eligibility_description),
    fees: orNull(h.fees_description),
    applicationProcess:
      orNull(h.application_process) === null && orNull(h.x_application_process_fr) === null
        ? null
        : {
            en: h.application_process ?? "",
            fr: givenOr(h.x_application_process_fr, h.application_process ?? ""),
          },
    documentsRequired: orNull(h.x_documents_required),
    languages:
      h.x_languages ??
      (Array.isArray(h.languages) ? (h.languages as Array<{ name?: unknown; code?: unknown }>) : [])
        .map((l) => String(orNull(l.name) ?? orNull(l.code) ?? "").trim())
        .filter(Boolean),
    url: orNull(h.url),
    email: orNull(h.email),
    status: h.status === "temporarily closed" ? "inactive" : h.status,
    verificationLevel: orNull(h.x_verification_level) ?? "L0",
    lastVerified:
      orNull(h.x_last_verified) ?? (orNull(h.assured_date) ? `${h.assured_date}T00:00:00.000Z` : null),
    scope: orNull(h.x_scope) ?? "local",
    virtual: h.x_virtual ?? false,
    provenance: h.x_provenance ?? {
      source,
      sourceRecordId: h.id,
      verifiedBy: null,
      method: "HSDS import",
      evidenceUrl: null,
    },
    phones: (h.phones ?? []).map((p) => importedPhone(p as ImportedPhone)),
    locations: (h.service_at_locations ?? []).map((sal) => {
      const loc = sal.location;
      if (!loc) throw new Error(`service_at_location ${sal.id} has no location`);
      const a = loc.addresses?.[0];
      return {
        id: loc.id,
        type: loc.location_type === "postal" ? "postal" : "physical",
        name: orNull(loc.name),
        address: orNull(a?.address_1) ?? null,
        city: orNull(a?.city) ?? null,
        province: orNull(a?.state_province) ?? null,
        postalCode: orNull(a?.postal_code) ?? null,
        lat: orNull(loc.latitude) === null ? null : Number(loc.latitude),
        lng: orNull(loc.longitude) === null ? null : Number(loc.longitude),
      };
    }),
    schedule: hasSchedule
      ? {
          timezone: zone ?? "America/Toronto",
          weekly: weekly.map((w) => {
            const opens = String(w.opens_at).slice(0, 5);
            return { day: String(w.byday).toLowerCase(), opens, closes: closingOf(opens, w.closes_at) };
          }),
          exceptions: exceptions.map((e) => ({
            date: e.valid_from,
            closed: e.x_closed === true,
            opens: orNull(e.opens_at) === null ? null : String(e.opens_at).slice(0, 5),
            closes: orNull(e.closes_at) === null ? null : String(e.closes_at).slice(0, 5),
            note: orNull(e.notes),
          })),
          notes: notesEn === null ? null : { en: notesEn, fr: orNull(h.x_schedule_notes_fr) ?? notesEn },
        }
      : null,
    ...(h.x_merged_ids?.length ? { mergedIds: h.x_merged_ids } : {}),
    version: h.x_version ?? 1,
    updatedAt: orNull(h.last_modified) ?? new Date(0).toISOString(),
  };
  const verified = candidate.lastVerified as string | null;
  if (verified !== null && !lastVerifiedSchema.safeParse(verified).success)
    throw new Error(
      `${h.x_last_verified ? "x_last_verified" : "assured_date"}: a date that exists on the calendar`,
    );
  const parsed = serviceSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join(".") || "record"}: ${issue.message}`);
  }
  context.warnings?.push(...warnings);
  return parsed.data;
}
