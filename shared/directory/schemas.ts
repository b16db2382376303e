/**
 * The directory's record shapes as zod schemas (the single source of the types in types.ts).
 * Plain objects only: the same records travel over the API, sit in Dexie and feed the ranking.
 */
import { z } from "zod";
import { CATEGORIES, DAYS, isCategory, VERIFICATION_LEVELS } from "./constants.js";

export { CATEGORIES, DAYS, isCategory, VERIFICATION_LEVELS };

export const categorySchema = z.enum(CATEGORIES);

export const localizedSchema = z.object({ en: z.string(), fr: z.string() });
/**
 * A service's name. The English one is required: every page that lacks a name in its own language
 * shows the English one (web/i18n/contentLang.ts), and the partner's lists name a service by it. The
 * French one may be left empty (the French pages then show the English one). Both are trimmed, so a
 * name of spaces counts as none.
 */
export const NAME_MESSAGE = "a name in English (the French one may be left empty)";
export const serviceNameSchema = z.object({
  en: z.string().trim().min(1, NAME_MESSAGE),
  fr: z.string().trim(),
});
export const localizedListSchema = z.object({ en: z.array(z.string()), fr: z.array(z.string()) });

/**
 * Contact fields hold plain values, never links of their own: the app builds the only links it
 * shows from them (`tel:` from the digits of a number, `mailto:` from an address, the website as
 * is). So a website must be an http(s) address, and a number or an address cannot carry a scheme
 * such as `javascript:` or `data:` that a browser would run.
 */
export const WEB_ADDRESS_MESSAGE = "a web address starting with http:// or https://";
export const EMAIL_MESSAGE = "an email address such as name@example.org (without mailto:)";
export const PHONE_MESSAGE =
  "a phone number: digits, spaces, letters and + - ( ) . # * , ; / only (without tel:)";

function hasNoCredentials(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.username === "" && parsed.password === "";
  } catch {
    return false;
  }
}

export const webAddressSchema = z
  .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: WEB_ADDRESS_MESSAGE })
  .max(2048)
  // A user name or password before the host hides the real destination from the reader.
  .refine(hasNoCredentials, WEB_ADDRESS_MESSAGE);
export const emailAddressSchema = z.email({ error: EMAIL_MESSAGE }).max(254);
/** Letters and digits of any script, spaces and the punctuation phone numbers are written with. */
const PHONE_PATTERN = /^[\p{L}\p{N} +\-().#*,;/]+$/u;
export const phoneNumberSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(PHONE_PATTERN, PHONE_MESSAGE)
  // The document generator writes a flagged pattern as "^…$/u", which matches nothing: the
  // published schema takes the pattern's source itself (JSON Schema patterns are Unicode-aware).
  .meta({ pattern: PHONE_PATTERN.source });

export const phoneSchema = z.object({
  number: phoneNumberSchema,
  label: z.string().max(120).nullable(),
});

export const locationSchema = z.object({
  id: z.string().min(1),
  /** physical: where people are served (distance applies); postal: head office or mailing address only. */
  type: z.enum(["physical", "postal"]),
  name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  postalCode: z.string().nullable(),
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "a time HH:MM");
/** Midnight is 00:00 or 24:00; only 00:00 to 24:00 (the whole day) opens and closes on it. */
const minuteOfDay = (time: string) =>
  time === "24:00" ? 0 : Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
export const SAME_TIMES_MESSAGE =
  "a closing time other than the opening time (it may be earlier, past midnight)";
/** An opening that closes when it opens lasts no time at all; one closing earlier runs past midnight. */
const opensForAWhile = (h: { opens: string | null; closes: string | null }) =>
  h.opens === null ||
  h.closes === null ||
  (h.opens === "00:00" && h.closes === "24:00") ||
  minuteOfDay(h.opens) !== minuteOfDay(h.closes);
export const weeklyHoursSchema = z
  .object({ day: z.enum(DAYS), opens: hhmm, closes: hhmm })
  .refine(opensForAWhile, { path: ["closes"], message: SAME_TIMES_MESSAGE });
/** A YYYY-MM-DD that names a day of the calendar: "2026-13-45" has the shape of one but is none. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD")
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, "a date YYYY-MM-DD that exists on the calendar");

/**
 * When a record was last checked: a calendar date, or a date-time on one with its offset (what the
 * server itself writes). Free text ("yesterday") or a day the calendar lacks would be published as
 * HSDS's assured_date, which must be a date.
 */
export const lastVerifiedSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/,
    "a date YYYY-MM-DD, or a date-time with its offset (2026-01-31T09:00:00Z)",
  )
  .refine(
    (v) => calendarDate.safeParse(v.slice(0, 10)).success && !Number.isNaN(Date.parse(v)),
    "a date that exists on the calendar",
  );

/** An IANA time zone this runtime knows ("America/Toronto"): open-now and HSDS times are computed in it. */
const timeZone = z
  .string()
  .min(1)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "an IANA time zone such as America/Toronto");

export const scheduleExceptionSchema = z
  .object({
    date: calendarDate,
    closed: z.boolean(),
    opens: hhmm.nullable(),
    closes: hhmm.nullable(),
    note: z.string().nullable(),
  })
  .refine(opensForAWhile, { path: ["closes"], message: SAME_TIMES_MESSAGE });
export const scheduleSchema = z.object({
  timezone: timeZone,
  weekly: z.array(weeklyHoursSchema),
  exceptions: z.array(scheduleExceptionSchema),
  notes: localizedSchema.nullable(),
});

export const provenanceSchema = z.object({
  source: z.string(),
  sourceRecordId: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  method: z.string().nullable(),
  evidenceUrl: webAddressSchema.nullable(),
});

export const serviceStatusSchema = z.enum(["active", "inactive", "defunct"]);
export const verificationLevelSchema = z.enum(VERIFICATION_LEVELS);
export const scopeSchema = z.enum(["local", "provincial", "national"]);

export const serviceSchema = z.object({
  id: z.string().min(1),
  organizationId: z.string().min(1),
  organizationName: z.string(),
  name: serviceNameSchema,
  description: localizedSchema,
  category: categorySchema,
  tags: z.array(z.string()),
  searchTerms: localizedListSchema,
  synonyms: localizedListSchema,
  eligibility: z.string().nullable(),
  fees: z.string().nullable(),
  applicationProcess: localizedSchema.nullable(),
  documentsRequired: z.string().nullable(),
  languages: z.array(z.string()),
  url: webAddressSchema.nullable(),
  email: emailAddressSchema.nullable(),
  status: serviceStatusSchema,
  verificationLevel: verificationLevelSchema,
  lastVerified: z.string().nullable(),
  scope: scopeSchema,
  virtual: z.boolean(),
  provenance: provenanceSchema,
  phones: z.array(phoneSchema),
  locations: z.array(locationSchema),
  schedule: scheduleSchema.nullable(),
  mergedIds: z
    .array(z.string())
    .optional()
    .describe(
      "Ids of duplicate records merged into this one (absent when none): GET /api/v1/services/{old id} answers with this record, and syncing clients received each old id's tombstone.",
    ),
  version: z.number().int().min(1),
  updatedAt: z.string(),
});

export const tombstoneSchema = z.object({ id: z.string(), deleted: z.literal(true), updatedAt: z.string() });

export const searchRequestSchema = z
  .object({
    query: z
      .string()
      .trim()
      .min(1, "query must be 1–200 characters")
      .max(200, "query must be 1–200 characters"),
    locale: z.enum(["en", "fr"]).optional(),
    filters: z
      .object({
        category: categorySchema.optional(),
        openNow: z.boolean().optional(),
      })
      .strict()
      .optional(),
    location: z
      .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
      .strict()
      .optional(),
    radiusKm: z.number().positive().max(20000).optional(),
    limit: z.number().int().min(1).max(100).optional(),
    offset: z.number().int().min(0).max(100000).optional(),
  })
  .strict();

/**
 * What a partner or admin sends to create or replace a service: the record without the fields the
 * server owns (version, updatedAt, organizationName, provenance). `id` is optional on create; the
 * organization is the partner's own unless an admin names one.
 */
export const serviceInputSchema = serviceSchema
  .omit({
    id: true,
    organizationId: true,
    organizationName: true,
    version: true,
    updatedAt: true,
    provenance: true,
    mergedIds: true,
  })
  .extend({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{1,79}$/, "lower-case letters, digits and dashes, 2–80 characters")
      .optional(),
    organizationId: z.string().min(1).max(120).optional(),
    lastVerified: lastVerifiedSchema.nullable(),
    /** The version being edited (alternative to the If-Match header). */
    version: z.number().int().min(1).optional(),
  })
  .strict()
  // One record lists a place once: a second row under the same id cannot be stored.
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.locations.forEach((l, i) => {
      if (seen.has(l.id))
        ctx.addIssue({ code: "custom", path: ["locations", i, "id"], message: `"${l.id}" is listed twice` });
      seen.add(l.id);
    });
  });
