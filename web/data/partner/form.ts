// The partner's edit form as plain strings (what the inputs hold), turned into the API's service
// input and checked with the very schema the server uses (serviceInputSchema), so the browser
// refuses exactly what the server would, and a few mistakes the server lets through (a closure dated
// in the past, a Canadian postal code that is not one). Fields the form does not show are carried
// over unchanged.
import type { z } from "zod";
import { DEFAULT_TIMEZONE, localTime } from "../../../shared/directory/hours";
import { unreadablePhones } from "../../../shared/directory/phone";
import {
  EMAIL_MESSAGE,
  NAME_MESSAGE,
  PHONE_MESSAGE,
  SAME_TIMES_MESSAGE,
  serviceInputSchema,
  WEB_ADDRESS_MESSAGE,
} from "../../../shared/directory/schemas";
import type { Category, Day, DirectoryService, ServiceLocation } from "../../../shared/directory/types";
import type { MessageKey } from "../../i18n/en";

export type ServiceInput = z.infer<typeof serviceInputSchema>;

export interface PhoneRow {
  number: string;
  label: string;
}
export interface HoursRow {
  day: Day;
  opens: string;
  closes: string;
}

/** A dated closure or change of hours (the schedule's exceptions): a holiday, a staff training day. */
export interface ExceptionRow {
  /** YYYY-MM-DD, as a date input holds it. */
  date: string;
  closed: boolean;
  /** Other hours that day, when not closed; both empty: the usual hours, with the reason beside them. */
  opens: string;
  closes: string;
  note: string;
}

/** One of the service's addresses; what the form does not show (id, type, name, map point) rides along. */
export interface LocationRow {
  id: string;
  type: ServiceLocation["type"];
  name: string | null;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  lat: number | null;
  lng: number | null;
}

/** Canada's provinces and territories, by the codes the directory's records use. */
export const PROVINCE_CODES = [
  "AB",
  "BC",
  "MB",
  "NB",
  "NL",
  "NS",
  "NT",
  "NU",
  "ON",
  "PE",
  "QC",
  "SK",
  "YT",
] as const;
/** A Canadian postal code: letter, digit, letter, an optional space, digit, letter, digit. */
const CANADIAN_POSTAL_CODE = /^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/;

export interface ServiceDraft {
  nameEn: string;
  nameFr: string;
  descriptionEn: string;
  descriptionFr: string;
  category: Category;
  status: DirectoryService["status"];
  url: string;
  email: string;
  eligibility: string;
  fees: string;
  documentsRequired: string;
  applicationEn: string;
  applicationFr: string;
  /** Comma-separated in the input. */
  languages: string;
  tags: string;
  virtual: boolean;
  phones: PhoneRow[];
  weekly: HoursRow[];
  /** The dated closures and changed hours from today on; older ones are dropped on saving. */
  exceptions: ExceptionRow[];
  locations: LocationRow[];
}

/** Today's date where the service is (its schedule's time zone), which decides what has passed. */
export function serviceToday(s: Pick<DirectoryService, "schedule"> | null, now = new Date()): string {
  return localTime(now, s?.schedule?.timezone || DEFAULT_TIMEZONE).date;
}

export function draftFromService(s: DirectoryService | null, now = new Date()): ServiceDraft {
  const today = serviceToday(s, now);
  return {
    nameEn: s?.name.en ?? "",
    nameFr: s?.name.fr ?? "",
    descriptionEn: s?.description.en ?? "",
    descriptionFr: s?.description.fr ?? "",
    category: s?.category ?? "community",
    status: s?.status ?? "active",
    url: s?.url ?? "",
    email: s?.email ?? "",
    eligibility: s?.eligibility ?? "",
    fees: s?.fees ?? "",
    documentsRequired: s?.documentsRequired ?? "",
    applicationEn: s?.applicationProcess?.en ?? "",
    applicationFr: s?.applicationProcess?.fr ?? "",
    languages: (s?.languages ?? []).join(", "),
    tags: (s?.tags ?? []).join(", "),
    virtual: s?.virtual ?? false,
    phones: (s?.phones ?? []).map((p) => ({ number: p.number, label: p.label ?? "" })),
    weekly: (s?.schedule?.weekly ?? []).map((w) => ({ ...w })),
    // A closure that has passed changes nothing any more: the service page lists them from today
    // on, and whether the service is open now reads today's alone. The history keeps the old ones.
    exceptions: (s?.schedule?.exceptions ?? [])
      .filter((e) => e.date >= today)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
      .map((e) => ({
        date: e.date,
        closed: e.closed,
        opens: e.closed ? "" : (e.opens ?? ""),
        closes: e.closed ? "" : (e.closes ?? ""),
        note: e.note ?? "",
      })),
    locations: (s?.locations ?? []).map((l) => ({
      ...l,
      address: l.address ?? "",
      city: l.city ?? "",
      province: l.province ?? "",
      postalCode: l.postalCode ?? "",
    })),
  };
}

/** A postal code as Canada Post writes it ("k1a0b1" → "K1A 0B1"); anything else as typed. */
export function postalCodeText(code: string): string {
  const m = CANADIAN_POSTAL_CODE.exec(code.trim().toUpperCase());
  return m ? `${m[1]} ${m[2]}` : code.trim();
}

function locationFromRow(row: LocationRow, base: DirectoryService | null): ServiceLocation {
  const next = {
    address: orNull(row.address),
    city: orNull(row.city),
    province: orNull(row.province),
    postalCode: orNull(postalCodeText(row.postalCode)),
  };
  const before = base?.locations.find((l) => l.id === row.id);
  // A moved address keeps no map point: the old one would send people to the old place. Without
  // one, directions search for the address itself (shared/geo/directions.ts).
  const moved =
    !before ||
    (["address", "city", "province", "postalCode"] as const).some((k) => (before[k] ?? null) !== next[k]);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    ...next,
    lat: moved ? null : row.lat,
    lng: moved ? null : row.lng,
  };
}

function orNull(text: string): string | null {
  return text.trim() === "" ? null : text.trim();
}
const list = (text: string) =>
  text
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/** The body to send: the draft's fields over the record being edited (base; null when creating). */
export function inputFromDraft(d: ServiceDraft, base: DirectoryService | null): ServiceInput {
  const application = d.applicationEn.trim() || d.applicationFr.trim();
  const keepSchedule = d.weekly.length > 0 || d.exceptions.length > 0 || base?.schedule;
  return {
    name: { en: d.nameEn.trim(), fr: d.nameFr.trim() },
    description: { en: d.descriptionEn.trim(), fr: d.descriptionFr.trim() },
    category: d.category,
    tags: list(d.tags),
    searchTerms: base?.searchTerms ?? { en: [], fr: [] },
    synonyms: base?.synonyms ?? { en: [], fr: [] },
    eligibility: orNull(d.eligibility),
    fees: orNull(d.fees),
    applicationProcess: application ? { en: d.applicationEn.trim(), fr: d.applicationFr.trim() } : null,
    documentsRequired: orNull(d.documentsRequired),
    languages: list(d.languages),
    url: orNull(d.url),
    email: orNull(d.email),
    status: d.status,
    verificationLevel: base?.verificationLevel ?? "L0",
    lastVerified: base?.lastVerified ?? null,
    scope: base?.scope ?? "local",
    virtual: d.virtual,
    phones: d.phones.map((p) => ({ number: p.number.trim(), label: orNull(p.label) })),
    locations: d.locations.map((l) => locationFromRow(l, base)),
    schedule: keepSchedule
      ? {
          timezone: base?.schedule?.timezone ?? "America/Toronto",
          weekly: d.weekly.map((w) => ({ day: w.day, opens: w.opens.trim(), closes: w.closes.trim() })),
          exceptions: d.exceptions.map((e) => ({
            date: e.date.trim(),
            closed: e.closed,
            opens: e.closed ? null : orNull(e.opens),
            closes: e.closed ? null : orNull(e.closes),
            note: orNull(e.note),
          })),
          notes: base?.schedule?.notes ?? null,
        }
      : null,
  };
}

/** The parts of an address the form shows (the rest of a location is carried over). */
const ADDRESS_FIELDS = ["address", "city", "province", "postalCode"];

const NESTED: Record<string, string> = {
  "name.en": "nameEn",
  "name.fr": "nameFr",
  "description.en": "descriptionEn",
  "description.fr": "descriptionFr",
  "applicationProcess.en": "applicationEn",
  "applicationProcess.fr": "applicationFr",
};

/** The form field an error path points at ("phones.0.number", "weekly.2.opens", "nameEn"), or "form". */
export function fieldForPath(path: ReadonlyArray<PropertyKey>): string {
  const joined = path.map(String).join(".");
  if (NESTED[joined]) return NESTED[joined];
  if (path[0] === "phones" && path.length === 3) return joined;
  if (path[0] === "schedule" && ["weekly", "exceptions"].includes(String(path[1])) && path.length === 4)
    return path.slice(1).join(".");
  if (path[0] === "locations" && path.length === 3 && ADDRESS_FIELDS.includes(String(path[2]))) return joined;
  if (path.length === 1 && joined in draftFromService(null)) return joined;
  if (path.length >= 2 && ["phones", "languages", "tags"].includes(String(path[0]))) return String(path[0]);
  return "form";
}

/** A message to show, in the reader's language when the rule is known, else the schema's own words. */
export interface FieldError {
  key: MessageKey;
  params?: Record<string, string | number>;
}

interface IssueLike {
  code: string;
  message: string;
  path: ReadonlyArray<PropertyKey>;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
}

export function errorForIssue(issue: IssueLike): FieldError {
  if (issue.message === "a time HH:MM") return { key: "partner.error.time" };
  if (issue.message === "a date YYYY-MM-DD") return { key: "partner.error.date" };
  if (issue.message === "a date YYYY-MM-DD that exists on the calendar") return { key: "partner.error.date" };
  if (issue.message === WEB_ADDRESS_MESSAGE) return { key: "partner.error.webAddress" };
  if (issue.message === EMAIL_MESSAGE) return { key: "partner.error.email" };
  if (issue.message === PHONE_MESSAGE) return { key: "partner.error.phone" };
  if (issue.message === NAME_MESSAGE) return { key: "partner.error.required" };
  if (issue.message === SAME_TIMES_MESSAGE) return { key: "partner.error.sameTimes" };
  if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1)
    return { key: "partner.error.required" };
  if (issue.code === "too_big" && issue.origin === "string")
    return { key: "partner.error.tooLong", params: { max: Number(issue.maximum) } };
  if (issue.code === "invalid_value") return { key: "partner.error.choice" };
  return { key: "partner.error.other", params: { message: issue.message } };
}

export interface Validation {
  input: ServiceInput | null;
  /** At most one error per field, keyed by fieldForPath. */
  errors: Record<string, FieldError>;
}

/** The form's own rules for closures and addresses, which the schema cannot judge (it knows no today). */
function closureAndAddressErrors(d: ServiceDraft, today: string): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const seen = new Set<string>();
  d.exceptions.forEach((e, i) => {
    const date = e.date.trim();
    if (date === "") errors[`exceptions.${i}.date`] = { key: "partner.error.required" };
    else if (/^\d{4}-\d{2}-\d{2}$/.test(date) && date < today)
      errors[`exceptions.${i}.date`] = { key: "partner.closure.error.past" };
    else if (seen.has(date)) errors[`exceptions.${i}.date`] = { key: "partner.closure.error.sameDate" };
    seen.add(date);
    // Other hours need both times; neither means the usual hours, with the reason beside them.
    if (!e.closed && (e.opens.trim() === "") !== (e.closes.trim() === ""))
      errors[`exceptions.${i}.${e.opens.trim() ? "closes" : "opens"}`] = { key: "partner.error.required" };
  });
  d.locations.forEach((l, i) => {
    if (!l.address.trim() && !l.city.trim())
      errors[`locations.${i}.address`] = { key: "partner.address.error.empty" };
    const code = l.postalCode.trim().toUpperCase();
    if (
      code &&
      (PROVINCE_CODES as readonly string[]).includes(l.province) &&
      !CANADIAN_POSTAL_CODE.test(code)
    )
      errors[`locations.${i}.postalCode`] = { key: "partner.address.error.postalCode" };
  });
  return errors;
}

export function validateDraft(d: ServiceDraft, base: DirectoryService | null, now = new Date()): Validation {
  const input = inputFromDraft(d, base);
  const result = serviceInputSchema.safeParse(input);
  const errors = result.success ? {} : errorsFromIssues(result.error.issues as IssueLike[]);
  // Every mistake is flagged on the first save; the form's own reason wins over the schema's wording.
  Object.assign(errors, closureAndAddressErrors(d, serviceToday(base, now)));
  // The server refuses a line nobody could dial or text (shared/directory/phone.ts); say so here,
  // with every other mistake, not once the rest is fixed. A number the schema refused keeps its reason.
  for (const i of unreadablePhones(input.phones))
    errors[`phones.${i}.number`] ??= { key: "phone.hint.invalid" };
  if (result.success && Object.keys(errors).length === 0) return { input: result.data, errors };
  return { input: null, errors };
}

/** Field errors from zod issues, or from a server 400's details.issues ({path: "a.b", message}). */
export function errorsFromIssues(issues: IssueLike[]): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const field = fieldForPath(issue.path);
    errors[field] ??= errorForIssue(issue);
  }
  return errors;
}

export function errorsFromServer(details: unknown): Record<string, FieldError> {
  const issues = (details as { issues?: Array<{ path: string; message: string }> } | null)?.issues ?? [];
  return errorsFromIssues(
    issues.map((i) => ({ code: "server", message: i.message, path: i.path ? i.path.split(".") : [] })),
  );
}
