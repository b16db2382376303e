/**
 * zod schemas of the HSDS 3.0 records this API serves (service, organization, service at location,
 * each in its list form and fully nested) and of the Page envelope and the `/` meta object. Our
 * code; field names, types, formats, enums and required lists are the facts of HSDS 3.0's
 * compiled schemas and openapi.json (https://github.com/openreferral/specification/tree/3.0/schema),
 * Human Services Data Specification: an Open Referral resource, licensed CC BY-SA 4.0.
 */
import { z } from "@hono/zod-openapi";
import {
  directoryId,
  HsdsAttribute,
  HsdsContact,
  HsdsCostOption,
  HsdsLanguage,
  HsdsLocation,
  HsdsLocationSummary,
  HsdsPhone,
  HsdsRequiredDocument,
  HsdsSchedule,
  HsdsServiceArea,
  uuid,
} from "./objects.js";

const text = () => z.string().optional();

/** The one-to-one fields of an organization (organization_list.json). */
export const HsdsOrganizationSummary = z
  .object({
    id: uuid(),
    name: z.string(),
    alternate_name: text(),
    description: z.string().openapi({ description: "Empty when we hold no description (HSDS requires it)." }),
    email: z.email().optional(),
    website: z.url().optional(),
    tax_status: text(),
    tax_id: text(),
    year_incorporated: z.number().optional(),
    legal_status: text(),
    logo: text(),
    uri: z.url().optional(),
    parent_organization_id: uuid().optional(),
    x_directory_id: directoryId(),
  })
  .openapi("HsdsOrganizationSummary");

export const HSDS_STATUSES = ["active", "inactive", "defunct", "temporarily closed"] as const;

/** The one-to-one fields of a service (service_list.json), with its organization. */
export const HsdsServiceSummary = z
  .object({
    id: uuid(),
    organization_id: uuid().optional(),
    program_id: uuid().optional(),
    name: z.string(),
    alternate_name: text(),
    description: text(),
    url: z.url().optional(),
    email: z.email().optional(),
    status: z.enum(HSDS_STATUSES),
    interpretation_services: text(),
    application_process: text(),
    fees_description: text(),
    wait_time: text(),
    fees: text(),
    accreditations: text(),
    eligibility_description: text(),
    minimum_age: z.number().optional(),
    maximum_age: z.number().optional(),
    assured_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD")
      .optional(),
    assurer_email: z.email().optional(),
    licenses: text(),
    alert: text(),
    last_modified: z.iso.datetime().optional(),
    organization: HsdsOrganizationSummary.optional(),
    x_directory_id: directoryId(),
  })
  .openapi("HsdsServiceSummary");

/** A service's link to one of its locations, inside the service. */
export const HsdsServiceAtLocationInService = z
  .object({
    id: uuid(),
    service_id: uuid().optional(),
    location_id: uuid().optional(),
    description: text(),
    contacts: z.array(HsdsContact).optional(),
    phones: z.array(HsdsPhone).optional(),
    schedules: z.array(HsdsSchedule).optional(),
    location: HsdsLocation.optional(),
    attributes: z.array(HsdsAttribute).optional(),
    x_directory_id: directoryId(),
  })
  .openapi("HsdsServiceAtLocationInService");

const nested = {
  phones: z.array(HsdsPhone),
  schedules: z.array(HsdsSchedule),
  service_areas: z.array(HsdsServiceArea),
  languages: z.array(HsdsLanguage),
  cost_options: z.array(HsdsCostOption),
  required_documents: z.array(HsdsRequiredDocument),
  contacts: z.array(HsdsContact),
  attributes: z.array(HsdsAttribute).openapi({
    description: "The service's taxonomy terms (GET /api/hsds/taxonomy_terms), one attribute each.",
  }),
};

/** A fully nested service (compiled/service.json). */
export const HsdsService = HsdsServiceSummary.extend({
  ...nested,
  service_at_locations: z.array(HsdsServiceAtLocationInService),
}).openapi("HsdsService");

/** The service inside a fully nested service at location (its links are the parent). */
export const HsdsServiceInServiceAtLocation = HsdsServiceSummary.extend(nested).openapi(
  "HsdsServiceInServiceAtLocation",
);

/** A fully nested service at location (compiled/service_at_location.json). */
export const HsdsServiceAtLocation = HsdsServiceAtLocationInService.extend({
  service: HsdsServiceInServiceAtLocation,
}).openapi("HsdsServiceAtLocation");

/** A service at location's one-to-one fields with its location and service (service_at_location_list.json). */
export const HsdsServiceAtLocationSummary = z
  .object({
    id: uuid(),
    service_id: uuid().optional(),
    location_id: uuid().optional(),
    description: text(),
    location: HsdsLocationSummary.optional(),
    service: HsdsServiceSummary.optional(),
    x_directory_id: directoryId(),
  })
  .openapi("HsdsServiceAtLocationSummary");

/** A fully nested organization (compiled/organization.json), its services in list form or whole. */
export const HsdsOrganization = HsdsOrganizationSummary.extend({
  contacts: z.array(HsdsContact),
  phones: z.array(HsdsPhone),
  locations: z.array(HsdsLocation),
  services: z.array(z.union([HsdsService, HsdsServiceSummary])),
}).openapi("HsdsOrganization");

/**
 * `minimal=true`: the id, the time of the last change, and the name and status HSDS's list schema
 * (service_list.json) requires of every service, so each item is still a valid HSDS service.
 */
export const HsdsServiceMinimal = z
  .object({
    id: uuid(),
    name: z.string(),
    status: z.enum(HSDS_STATUSES),
    last_modified: z.iso.datetime().optional(),
  })
  .openapi("HsdsServiceMinimal");

/**
 * A deleted service, listed with `modified_after` so a mirror learns of the deletion: status
 * "defunct", an empty name (the record is gone) and `x_deleted: true`. Tombstones are never purged.
 */
export const HsdsServiceDeleted = z
  .object({
    id: uuid(),
    name: z.literal(""),
    status: z.literal("defunct"),
    last_modified: z.iso.datetime().optional(),
    x_directory_id: z.string(),
    x_deleted: z.literal(true),
  })
  .openapi("HsdsServiceDeleted");

const pageFields = {
  total_items: z.number().int().min(0),
  total_pages: z.number().int().min(0),
  page_number: z.number().int().min(1),
  size: z.number().int().min(0).openapi({ description: "How many items this page holds." }),
  first_page: z.boolean(),
  last_page: z.boolean(),
  empty: z.boolean().openapi({ description: "True when this page holds no item." }),
};

/** The HSDS Page envelope around a list of `item`. */
export function hsdsPage<T extends z.ZodType>(item: T, name: string) {
  return z.object({ ...pageFields, contents: z.array(item) }).openapi(name);
}

export const HsdsApiMeta = z
  .object({
    version: z.string().regex(/^3\.0/),
    profile: z.url(),
    openapi_url: z.url(),
  })
  .openapi("HsdsApiMeta");
