/**
 * zod schemas of the Open Referral HSDS 3.0 objects this API publishes (phones, schedules,
 * languages, addresses, locations, contacts, cost options, required documents, service areas,
 * taxonomies, taxonomy terms, attributes). Our code; the field names, types, formats, enums and
 * required lists are the facts of HSDS 3.0's compiled JSON schemas
 * (https://github.com/openreferral/specification/tree/3.0/schema), Human Services Data
 * Specification: an Open Referral resource, licensed CC BY-SA 4.0.
 *
 * HSDS fields are never null: a field we do not hold is left out. Our objects are open (HSDS allows
 * extra fields); our own additions start with `x_` and are described where declared.
 */
import { z } from "@hono/zod-openapi";

export const uuid = () => z.uuid();
const text = () => z.string().optional();
/** An ISO 8601 calendar date, as HSDS asks of valid_from, valid_to and dtstart. */
const date = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD")
    .optional();
/** HH:MM with its UTC offset (e.g. 09:00-05:00), as HSDS asks of opens_at and closes_at. */
const clock = () =>
  z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)(Z|[+-]\d{2}:\d{2})$/, "a time HH:MM with its UTC offset")
    .optional();
const DAY = "(MO|TU|WE|TH|FR|SA|SU)";

export const HsdsPhone = z
  .object({
    id: uuid(),
    location_id: uuid().optional(),
    service_id: uuid().optional(),
    organization_id: uuid().optional(),
    contact_id: uuid().optional(),
    service_at_location_id: uuid().optional(),
    number: z
      .string()
      .openapi({ description: "The number as the organization wrote it, without the extension." }),
    extension: z.number().optional().openapi({
      description:
        "The extension, when the number has one; one starting with 0 (which a number would drop) stays in `number`.",
    }),
    type: text().openapi({
      description:
        "text for a line that takes text messages, fax or textphone when its label says so, voice for any other " +
        "line one can call; absent when the number cannot be read.",
    }),
    description: text(),
  })
  .openapi("HsdsPhone");

export const HsdsSchedule = z
  .object({
    id: uuid(),
    service_id: uuid().optional(),
    location_id: uuid().optional(),
    service_at_location_id: uuid().optional(),
    valid_from: date(),
    valid_to: date(),
    dtstart: date(),
    timezone: z
      .number()
      .optional()
      .openapi({ description: "UTC offset in hours of opens_at and closes_at (e.g. -5, -3.5)." }),
    until: text(),
    count: z.number().optional(),
    wkst: z.enum(["MO", "TU", "WE", "TH", "FR", "SA", "SU"]).optional(),
    freq: z.enum(["WEEKLY", "MONTHLY"]).optional(),
    interval: z.number().optional(),
    byday: z
      .string()
      .regex(new RegExp(`^([+-]?\\d{1,2})?${DAY}(,([+-]?\\d{1,2})?${DAY})*$`), "iCal BYDAY days")
      .optional(),
    byweekno: text(),
    bymonthday: text(),
    byyearday: text(),
    description: text(),
    opens_at: clock(),
    closes_at: clock(),
    schedule_link: z.url().optional(),
    attending_type: text(),
    notes: text(),
    x_timezone: z.string().optional().openapi({
      description:
        "Extension: the IANA time zone of the hours. opens_at, closes_at and timezone give the offset in force on the day of the response (weekly hours) or on the dated day (exceptions).",
    }),
    x_closed: z.boolean().optional().openapi({
      description: "Extension: true on a dated entry when the service is closed that whole day.",
    }),
  })
  .openapi("HsdsSchedule");

export const HsdsLanguage = z
  .object({
    id: uuid(),
    service_id: uuid().optional(),
    location_id: uuid().optional(),
    phone_id: uuid().optional(),
    name: text(),
    code: z
      .string()
      .regex(/^[a-z]{2,3}$/, "an ISO 639-1 or 639-3 code")
      .optional(),
    note: text(),
  })
  .openapi("HsdsLanguage");

export const HsdsAddress = z
  .object({
    id: uuid(),
    location_id: uuid().optional(),
    attention: text(),
    address_1: z.string(),
    address_2: text(),
    city: z.string(),
    region: text(),
    state_province: z.string(),
    postal_code: z.string(),
    country: z.string().regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 country code"),
    address_type: z.enum(["physical", "postal", "virtual"]),
  })
  .openapi("HsdsAddress");

export const HsdsContact = z
  .object({
    id: uuid(),
    organization_id: uuid().optional(),
    service_id: uuid().optional(),
    service_at_location_id: uuid().optional(),
    location_id: uuid().optional(),
    name: text(),
    title: text(),
    department: text(),
    email: z.email().optional(),
    phones: z.array(HsdsPhone).optional(),
  })
  .openapi("HsdsContact");

export const HsdsCostOption = z
  .object({
    id: uuid(),
    service_id: uuid().optional(),
    valid_from: date(),
    valid_to: date(),
    option: text(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "an ISO 4217 currency code")
      .optional(),
    amount: z.number().optional(),
    amount_description: text(),
  })
  .openapi("HsdsCostOption");

export const HsdsRequiredDocument = z
  .object({ id: uuid(), service_id: uuid().optional(), document: text(), uri: z.url().optional() })
  .openapi("HsdsRequiredDocument");

export const HsdsServiceArea = z
  .object({
    id: uuid(),
    service_id: uuid().optional(),
    name: text(),
    description: text(),
    extent: text(),
    extent_type: text(),
    uri: text(),
  })
  .openapi("HsdsServiceArea");

export const HsdsTaxonomy = z
  .object({
    id: uuid(),
    name: z.string(),
    description: z.string(),
    uri: z.url().optional(),
    version: text(),
  })
  .openapi("HsdsTaxonomy");

export const HsdsTaxonomyTerm = z
  .object({
    id: uuid(),
    code: text(),
    name: z.string(),
    description: z.string(),
    parent_id: uuid().optional(),
    taxonomy: text(),
    taxonomy_detail: HsdsTaxonomy.optional(),
    language: z
      .string()
      .regex(/^[a-z]{2,3}$/, "an ISO 639 code")
      .optional(),
    taxonomy_id: uuid().optional(),
    term_uri: z.url().optional(),
  })
  .openapi("HsdsTaxonomyTerm");

export const HsdsAttribute = z
  .object({
    id: uuid(),
    link_id: uuid().optional(),
    taxonomy_term_id: uuid().optional(),
    link_type: text(),
    link_entity: text(),
    value: text(),
    taxonomy_term: HsdsTaxonomyTerm.optional(),
  })
  .openapi("HsdsAttribute");

const directoryId = () =>
  z.string().openapi({
    description:
      "Extension: this record's id in the directory's own API (/api/v1); `id` is UUIDv5 of it (see docs/integrators.md).",
  });

/** The one-to-one fields of a location (the list form). */
export const HsdsLocationSummary = z
  .object({
    id: uuid(),
    location_type: z.enum(["physical", "postal", "virtual"]),
    url: z.url().optional(),
    organization_id: uuid().optional(),
    name: text(),
    alternate_name: text(),
    description: text(),
    transportation: text(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    external_identifier: text(),
    external_identifier_type: text(),
    x_directory_id: directoryId(),
  })
  .openapi("HsdsLocationSummary");

export const HsdsLocation = HsdsLocationSummary.extend({
  languages: z.array(HsdsLanguage).optional(),
  addresses: z.array(HsdsAddress),
  contacts: z.array(HsdsContact).optional(),
  phones: z.array(HsdsPhone).optional(),
  schedules: z.array(HsdsSchedule).optional(),
  attributes: z.array(HsdsAttribute).optional(),
}).openapi("HsdsLocation");

export { directoryId };
