// The partner's edit form as plain strings (what the inputs hold), turned into the API's service
// input and checked with the very schema the server uses (serviceInputSchema), so the browser
// refuses exactly what the server would. Fields the form does not show are carried over unchanged.
import type { z } from "zod";
import { unreadablePhones } from "../../../shared/directory/phone";
import {
  EMAIL_MESSAGE,
  NAME_MESSAGE,
  PHONE_MESSAGE,
  SAME_TIMES_MESSAGE,
  serviceInputSchema,
  WEB_ADDRESS_MESSAGE,
} from "../../../shared/directory/schemas";
import type { Category, Day, DirectoryService } from "../../../shared/directory/types";
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
}

export function draftFromService(s: DirectoryService | null): ServiceDraft {
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
  };
}

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());
const list = (text: string) =>
  text
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/** The body to send: the draft's fields over the record being edited (base; null when creating). */
export function inputFromDraft(d: ServiceDraft, base: DirectoryService | null): ServiceInput {
  const application = d.applicationEn.trim() || d.applicationFr.trim();
  const keepSchedule = d.weekly.length > 0 || base?.schedule;
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
    locations: base?.locations ?? [],
    schedule: keepSchedule
      ? {
          timezone: base?.schedule?.timezone ?? "America/Toronto",
          weekly: d.weekly.map((w) => ({ day: w.day, opens: w.opens.trim(), closes: w.closes.trim() })),
          exceptions: base?.schedule?.exceptions ?? [],
          notes: base?.schedule?.notes ?? null,
        }
      : null,
  };
}

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
  if (path[0] === "schedule" && path[1] === "weekly" && path.length === 4) return path.slice(1).join(".");
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

export function validateDraft(d: ServiceDraft, base: DirectoryService | null): Validation {
  const input = inputFromDraft(d, base);
  const result = serviceInputSchema.safeParse(input);
  const errors = result.success ? {} : errorsFromIssues(result.error.issues as IssueLike[]);
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
