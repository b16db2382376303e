/**
 * Our service record as the HSDS 3.0 objects of the read API: the list form, the fully nested
 * service, its locations and its service_at_location links. The structure (phones, schedules,
 * links, locations, addresses and their row ids) comes from the HSDS file export's mapping
 * (hsds/hsds-json.ts), so files and API agree; this adds what the API promises on top: UUIDs,
 * text in the requested language, no nulls, and the parts in service-parts.ts.
 */
import { z } from "@hono/zod-openapi";
import { DEFAULT_TIMEZONE, type DirectoryService, type Tombstone } from "../../../shared/directory/index.js";
import { readPhone, withoutExtension } from "../../../shared/directory/phone.js";
import { assuredDate, type HsdsService as ExportedService, toHsdsService } from "../hsds/hsds-json.js";
import { hsdsId } from "./ids.js";
import type { Lang } from "./lang.js";
import { lastOffsetChange, toSchedules } from "./schedules.js";
import {
  costOptions,
  requiredDocuments,
  serviceAreas,
  serviceLanguages,
  termAttributes,
} from "./service-parts.js";

export interface MapOptions {
  lang: Lang;
  /** The day whose UTC offset weekly hours carry. */
  now: Date;
}

type ExportedLocation = ExportedService["service_at_locations"][number]["location"];

// Built once: a zod schema is costly to construct and these run for every service of a page.
const webUrl = z.url({ protocol: /^https?$/ });
const email = z.email();
const isUrl = (v: string | null) => v !== null && webUrl.safeParse(v).success;

/**
 * A web address as RFC 3986 writes it, which HSDS's `format: uri` requires: what the WHATWG parser
 * leaves raw (| ^ and a % not starting an escape) percent-encoded too. Partners type addresses with
 * spaces and accents, which browsers accept and a mirror's validator refused.
 */
export function rfc3986(url: string): string {
  return new URL(url).href
    .replace(/%(?![0-9A-Fa-f]{2})/g, "%25")
    .replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g, (c) => encodeURIComponent(c));
}
const isEmail = (v: string | null) => v !== null && email.safeParse(v).success;
const present = (v: string | null | undefined) => (v === null || v === undefined || v === "" ? undefined : v);

/** An organization's one-to-one fields. We hold its name only: the description HSDS requires is empty. */
export function organizationSummary(id: string, name: string) {
  return { id: hsdsId("organization", id), name, description: "", x_directory_id: id };
}

/** HSDS wants a date-time with milliseconds; a record imported with an unreadable time has none. */
const isoTime = (value: string) => {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

/**
 * When the service as published last changed (epoch ms, NaN when its time is unreadable): the later
 * of its own last update and, when it has weekly hours, the last change of its time zone's UTC
 * offset before `now`, since weekly rows carry the offset in force on the day of the response (a
 * mirror syncing by modified_after would otherwise keep last season's offset until the next edit).
 */
export function publishedModifiedMs(s: DirectoryService, now: Date): number {
  const updated = Date.parse(s.updatedAt);
  if (!s.schedule || s.schedule.weekly.length === 0) return updated;
  const change = lastOffsetChange(s.schedule.timezone ?? DEFAULT_TIMEZONE, now);
  return change !== null && change > updated ? change : updated;
}

const publishedModified = (s: DirectoryService, now: Date) => {
  const ms = publishedModifiedMs(s, now);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

/** The one-to-one fields of a service, with its organization (service_list form). */
export function serviceSummary(s: DirectoryService, lang: Lang, now: Date, withOrganization = true) {
  const fr = lang === "fr";
  return {
    id: hsdsId("service", s.id),
    organization_id: hsdsId("organization", s.organizationId),
    name: fr ? s.name.fr : s.name.en,
    description: fr ? s.description.fr : s.description.en,
    url: isUrl(s.url) ? rfc3986(s.url as string) : undefined,
    email: isEmail(s.email) ? (s.email as string) : undefined,
    status: s.status,
    application_process: present(fr ? s.applicationProcess?.fr : s.applicationProcess?.en),
    fees_description: present(s.fees),
    eligibility_description: present(s.eligibility),
    assured_date: assuredDate(s.lastVerified) ?? undefined,
    last_modified: publishedModified(s, now),
    organization: withOrganization ? organizationSummary(s.organizationId, s.organizationName) : undefined,
    x_directory_id: s.id,
  };
}

/**
 * minimal=true: the id and the time of the last change (none when the record's time is
 * unreadable), with the name and status every HSDS service needs.
 */
export function minimalService(s: DirectoryService, lang: Lang, now: Date) {
  return {
    id: hsdsId("service", s.id),
    name: lang === "fr" ? s.name.fr : s.name.en,
    status: s.status,
    last_modified: publishedModified(s, now),
  };
}

/** A deleted service as a mirror sees it in every form of the list (HsdsServiceDeleted). */
export function deletedService(t: Tombstone) {
  return {
    id: hsdsId("service", t.id),
    name: "" as const,
    status: "defunct" as const,
    last_modified: isoTime(t.updatedAt),
    x_directory_id: t.id,
    x_deleted: true as const,
  };
}

/** A location's one-to-one fields (list form). */
export function locationSummary(l: ExportedLocation) {
  return {
    id: hsdsId("location", l.id),
    location_type: l.location_type,
    organization_id: hsdsId("organization", l.organization_id),
    name: present(l.name),
    latitude: l.latitude ?? undefined,
    longitude: l.longitude ?? undefined,
    x_directory_id: l.id,
  };
}

/** A location with its address. HSDS requires every address line it names: unknown ones are empty. */
export function fullLocation(l: ExportedLocation) {
  const locationId = hsdsId("location", l.id);
  const addresses = l.addresses
    .filter((a) => a.address_1 || a.city || a.postal_code)
    .map((a) => ({
      id: hsdsId("address", a.id),
      location_id: locationId,
      address_1: a.address_1 ?? "",
      city: a.city ?? "",
      state_province: a.state_province ?? "",
      postal_code: a.postal_code ?? "",
      country: a.country,
      address_type: l.location_type,
    }));
  return { ...locationSummary(l), addresses };
}

type ExportedPhone = ExportedService["phones"][number];

/** Label words that say what a line is when its number cannot: RFC 6350's fax and textphone. */
const FAX_WORD = /\b(fax|t[ée]l[ée]copieur)\b/i;
const TEXTPHONE_WORD = /\b(tty|ats|textphone|t[ée]l[ée]scripteur)\b/i;
/** An extension HSDS's number can carry whole: no leading zero, within a safe integer. */
const NUMERIC_EXTENSION = /^[1-9]\d{0,14}$/;

/**
 * A phone line in HSDS: the extension taken out of the number into `extension` (left in the
 * number when it starts with 0, which a number would drop), and `type` from what the line says:
 * text for a text line (a short code, or "text"/"SMS" in the number or label), fax or textphone
 * when the label says so, voice for any other line one can call, none when nobody can use it.
 */
export function hsdsPhone(p: ExportedPhone, serviceId: string) {
  const reading = readPhone(p.number, p.description);
  const label = p.description ?? "";
  const type =
    reading.kind === "invalid"
      ? undefined
      : FAX_WORD.test(label)
        ? "fax"
        : TEXTPHONE_WORD.test(label)
          ? "textphone"
          : reading.kind === "text"
            ? "text"
            : "voice";
  const extension =
    reading.kind === "dial" && reading.extension && NUMERIC_EXTENSION.test(reading.extension)
      ? Number(reading.extension)
      : undefined;
  return {
    id: hsdsId("phone", p.id),
    service_id: serviceId,
    number: extension === undefined ? p.number : withoutExtension(p.number),
    extension,
    type,
    description: present(p.description),
  };
}

/** The parts of a fully nested service other than its links to locations. */
function nestedParts(s: DirectoryService, h: ExportedService, o: MapOptions) {
  const serviceId = hsdsId("service", s.id);
  return {
    phones: h.phones.map((p) => hsdsPhone(p, serviceId)),
    schedules: toSchedules(h, { service_id: serviceId }, o.lang, o.now),
    service_areas: serviceAreas(s, serviceId, o.lang),
    languages: serviceLanguages(s, serviceId, o.lang),
    cost_options: costOptions(s, serviceId, o.lang),
    required_documents: requiredDocuments(s, serviceId),
    contacts: [],
    attributes: termAttributes(s, serviceId, o.lang),
  };
}

/** One service_at_location link as nested in its service: the location and the service's hours there. */
function linkInService(h: ExportedService, index: number, o: MapOptions) {
  const link = h.service_at_locations[index];
  const id = hsdsId("service_at_location", link.id);
  return {
    id,
    service_id: hsdsId("service", h.id),
    location_id: hsdsId("location", link.location_id),
    contacts: [],
    schedules: toSchedules(h, { service_at_location_id: id, directoryLinkId: link.id }, o.lang, o.now),
    location: fullLocation(link.location),
    x_directory_id: link.id,
  };
}

/** A fully nested service (GET /services/{id}). */
export function fullService(s: DirectoryService, o: MapOptions, withOrganization = true) {
  const h = toHsdsService(s);
  return {
    ...serviceSummary(s, o.lang, o.now, withOrganization),
    ...nestedParts(s, h, o),
    service_at_locations: h.service_at_locations.map((_, i) => linkInService(h, i, o)),
  };
}

/** A fully nested service_at_location (GET /service_at_locations/{id}): the link, then its service. */
export function fullLink(s: DirectoryService, index: number, o: MapOptions) {
  const h = toHsdsService(s);
  return {
    ...linkInService(h, index, o),
    service: { ...serviceSummary(s, o.lang, o.now), ...nestedParts(s, h, o) },
  };
}

/** A service_at_location's list form: its location and service, one-to-one fields only. */
export function linkSummary(s: DirectoryService, index: number, lang: Lang, now: Date) {
  const h = toHsdsService(s);
  const link = h.service_at_locations[index];
  return {
    id: hsdsId("service_at_location", link.id),
    service_id: hsdsId("service", s.id),
    location_id: hsdsId("location", link.location_id),
    location: locationSummary(link.location),
    service: serviceSummary(s, lang, now),
    x_directory_id: link.id,
  };
}

/** Every distinct location of these services, fully (an organization's sites). */
export function locationsOf(services: DirectoryService[]) {
  const seen = new Map<string, ReturnType<typeof fullLocation>>();
  for (const s of services)
    for (const link of toHsdsService(s).service_at_locations)
      if (!seen.has(link.location.id)) seen.set(link.location.id, fullLocation(link.location));
  return [...seen.values()];
}
