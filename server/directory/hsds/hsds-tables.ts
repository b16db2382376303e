/**
 * The HSDS 3.0 tabular form: a folder with datapackage.json and one CSV per table (organizations,
 * services, locations, addresses, service_at_location — named as in Open Referral's examples —,
 * phones, schedules). Extension columns start
 * with `x_`; lists and objects in them are JSON. Reading checks each row and reports a bad one with
 * its file, line and reason; a service with a bad row is not imported.
 */
import { PHONE_MESSAGE, phoneNumberSchema } from "../../../shared/directory/index.js";
import { parseCsv, toCsv } from "./csv.js";
import type { HsdsLocation, HsdsSchedule, HsdsService } from "./hsds-json.js";

export const TABLES = {
  "organizations.csv": ["id", "name", "alternate_name", "description", "email", "website"],
  "services.csv": [
    "id",
    "organization_id",
    "name",
    "alternate_name",
    "description",
    "url",
    "email",
    "status",
    "application_process",
    "fees_description",
    "eligibility_description",
    "assured_date",
    "last_modified",
    "x_name_fr",
    "x_description_fr",
    "x_application_process_fr",
    "x_category",
    "x_tags",
    "x_search_terms",
    "x_synonyms",
    "x_verification_level",
    "x_last_verified",
    "x_scope",
    "x_virtual",
    "x_languages",
    "x_documents_required",
    "x_provenance",
    "x_timezone",
    "x_schedule_notes",
    "x_schedule_notes_fr",
    "x_merged_ids",
    "x_version",
  ],
  "locations.csv": ["id", "location_type", "organization_id", "name", "latitude", "longitude"],
  "addresses.csv": [
    "id",
    "location_id",
    "address_1",
    "city",
    "state_province",
    "postal_code",
    "country",
    "address_type",
  ],
  "service_at_location.csv": ["id", "service_id", "location_id", "x_position"],
  "phones.csv": ["id", "service_id", "number", "description", "x_position"],
  "schedules.csv": [
    "id",
    "service_id",
    "freq",
    "byday",
    "opens_at",
    "closes_at",
    "valid_from",
    "valid_to",
    "notes",
    "x_closed",
    "x_position",
  ],
} as const;
export type TableFile = keyof typeof TABLES;

export interface RowError {
  file: string;
  line: number;
  reason: string;
}

const json = (v: unknown) => JSON.stringify(v);
const blank = (v: string | undefined) => (v === undefined || v === "" ? null : v);

export function toTables(services: HsdsService[]): Record<string, string> {
  const orgs = new Map<string, { id: string; name: string }>();
  const rows: Record<TableFile, Array<Record<string, string | number | null>>> = {
    "organizations.csv": [],
    "services.csv": [],
    "locations.csv": [],
    "addresses.csv": [],
    "service_at_location.csv": [],
    "phones.csv": [],
    "schedules.csv": [],
  };
  const seenLocations = new Set<string>();
  for (const s of services) {
    orgs.set(s.organization.id, s.organization);
    const { phones, schedules, service_at_locations, organization: _o, ...flat } = s;
    rows["services.csv"].push({
      ...(flat as unknown as Record<string, string | null>),
      alternate_name: null,
      x_tags: json(s.x_tags),
      x_search_terms: json(s.x_search_terms),
      x_synonyms: json(s.x_synonyms),
      x_virtual: s.x_virtual ? "true" : "false",
      x_languages: json(s.x_languages),
      x_provenance: json(s.x_provenance),
      x_merged_ids: s.x_merged_ids ? json(s.x_merged_ids) : null,
      x_version: s.x_version,
    });
    phones.forEach((p, i) => {
      rows["phones.csv"].push({ ...p, x_position: i });
    });
    schedules.forEach((x, i) => {
      rows["schedules.csv"].push({ ...x, x_closed: x.x_closed ? "true" : "", x_position: i });
    });
    service_at_locations.forEach((sal, i) => {
      rows["service_at_location.csv"].push({
        id: sal.id,
        service_id: sal.service_id,
        location_id: sal.location_id,
        x_position: i,
      });
      if (seenLocations.has(sal.location.id)) return;
      seenLocations.add(sal.location.id);
      const { addresses, ...loc } = sal.location;
      rows["locations.csv"].push(loc);
      for (const a of addresses) rows["addresses.csv"].push({ ...a });
    });
  }
  for (const o of [...orgs.values()].sort((a, b) => (a.id < b.id ? -1 : 1)))
    rows["organizations.csv"].push({ id: o.id, name: o.name });
  const out: Record<string, string> = {};
  for (const [file, header] of Object.entries(TABLES))
    out[file] = toCsv([...header], rows[file as TableFile]);
  out["datapackage.json"] = `${JSON.stringify(
    {
      name: "community-services-directory",
      profile: "tabular-data-package",
      description:
        "Open Referral HSDS 3.0 tabular export; x_ columns are this directory's extensions (JSON where structured).",
      resources: Object.entries(TABLES).map(([file, header]) => ({
        name: file.replace(/\.csv$/, ""),
        path: file,
        profile: "tabular-data-resource",
        schema: { fields: header.map((h) => ({ name: h, type: "string" })) },
      })),
    },
    null,
    2,
  )}\n`;
  return out;
}

const DAYS = new Set(["MO", "TU", "WE", "TH", "FR", "SA", "SU"]);
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$|^24:00(:00)?$/;

function parseJsonCell<T>(value: string, column: string, fallback: T): T {
  if (value === "") return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    throw new Error(`column ${column} is not valid JSON`);
  }
}

/** Assembles HSDS service objects from the tables, with the services.csv line of each, and row errors. */
export function fromTables(input: Record<string, string>): {
  services: Array<{ service: HsdsService; line: number }>;
  errors: RowError[];
} {
  const errors: RowError[] = [];
  const bad = new Set<string>();
  let files = input;
  // Some publishers name the link table in the plural; read either.
  if (files["service_at_location.csv"] === undefined && files["service_at_locations.csv"] !== undefined) {
    files = { ...files, "service_at_location.csv": files["service_at_locations.csv"] };
  }
  const read = (file: TableFile) => (files[file] === undefined ? [] : parseCsv(files[file]).records);
  if (files["services.csv"] === undefined)
    return { services: [], errors: [{ file: "services.csv", line: 0, reason: "the file is missing" }] };

  const orgNames = new Map(read("organizations.csv").map((r) => [r.values.id, r.values.name]));
  const addresses = new Map<string, HsdsLocation["addresses"]>();
  for (const r of read("addresses.csv")) {
    const v = r.values;
    const list = addresses.get(v.location_id) ?? [];
    list.push({
      id: v.id,
      location_id: v.location_id,
      address_1: blank(v.address_1),
      city: blank(v.city),
      state_province: blank(v.state_province),
      postal_code: blank(v.postal_code),
      country: v.country || "CA",
      address_type: v.address_type || "physical",
    });
    addresses.set(v.location_id, list);
  }
  const locations = new Map<string, HsdsLocation>();
  const badLocations = new Set<string>();
  for (const r of read("locations.csv")) {
    const v = r.values;
    const lat = blank(v.latitude) === null ? null : Number(v.latitude);
    const lng = blank(v.longitude) === null ? null : Number(v.longitude);
    const reason =
      lat !== null && !(Number.isFinite(lat) && lat >= -90 && lat <= 90)
        ? `latitude "${v.latitude}" is not a number between -90 and 90`
        : lng !== null && !(Number.isFinite(lng) && lng >= -180 && lng <= 180)
          ? `longitude "${v.longitude}" is not a number between -180 and 180`
          : !v.id
            ? "id is empty"
            : null;
    if (reason) {
      errors.push({ file: "locations.csv", line: r.line, reason });
      badLocations.add(v.id);
      continue;
    }
    locations.set(v.id, {
      id: v.id,
      location_type: v.location_type === "postal" ? "postal" : "physical",
      organization_id: v.organization_id,
      name: blank(v.name),
      latitude: lat,
      longitude: lng,
      addresses: addresses.get(v.id) ?? [],
    });
  }
  const byService = <T>(file: TableFile, build: (v: Record<string, string>, line: number) => T) => {
    const out = new Map<string, Array<{ pos: number; item: T }>>();
    for (const r of read(file)) {
      try {
        const item = build(r.values, r.line);
        const list = out.get(r.values.service_id) ?? [];
        list.push({ pos: Number(r.values.x_position || list.length), item });
        out.set(r.values.service_id, list);
      } catch (err) {
        errors.push({ file, line: r.line, reason: (err as Error).message });
        bad.add(r.values.service_id);
      }
    }
    return (id: string) => (out.get(id) ?? []).sort((a, b) => a.pos - b.pos).map((x) => x.item);
  };
  const phonesOf = byService("phones.csv", (v) => {
    if (!v.number) throw new Error("number is empty");
    if (!phoneNumberSchema.safeParse(v.number).success) throw new Error(`number: ${PHONE_MESSAGE}`);
    return { id: v.id, service_id: v.service_id, number: v.number, description: blank(v.description) };
  });
  const schedulesOf = byService("schedules.csv", (v): HsdsSchedule => {
    if (v.freq === "WEEKLY" && !DAYS.has(v.byday))
      throw new Error(`byday "${v.byday}" is not one of MO TU WE TH FR SA SU`);
    for (const col of ["opens_at", "closes_at"] as const)
      if (v[col] && !TIME.test(v[col])) throw new Error(`${col} "${v[col]}" is not a time HH:MM`);
    if (v.freq !== "WEEKLY" && !/^\d{4}-\d{2}-\d{2}$/.test(v.valid_from))
      throw new Error(`valid_from "${v.valid_from}" is not a date YYYY-MM-DD`);
    return {
      id: v.id,
      service_id: v.service_id,
      freq: blank(v.freq),
      byday: blank(v.byday),
      opens_at: blank(v.opens_at),
      closes_at: blank(v.closes_at),
      valid_from: blank(v.valid_from),
      valid_to: blank(v.valid_to),
      notes: blank(v.notes),
      x_closed: v.x_closed === "true",
    };
  });
  const linksOf = byService("service_at_location.csv", (v) => {
    if (badLocations.has(v.location_id))
      throw new Error(`location ${v.location_id} was rejected (see locations.csv)`);
    const location = locations.get(v.location_id);
    if (!location) throw new Error(`location ${v.location_id} is not in locations.csv`);
    return { id: v.id, service_id: v.service_id, location_id: v.location_id, location };
  });

  const services: Array<{ service: HsdsService; line: number }> = [];
  for (const r of read("services.csv")) {
    const v = r.values;
    try {
      if (!v.id) throw new Error("id is empty");
      if (bad.has(v.id))
        throw new Error("skipped: one of its rows in another file is invalid (reported above)");
      const service = {
        ...v,
        organization: { id: v.organization_id, name: orgNames.get(v.organization_id) ?? v.organization_id },
        url: blank(v.url),
        email: blank(v.email),
        application_process: blank(v.application_process),
        fees_description: blank(v.fees_description),
        eligibility_description: blank(v.eligibility_description),
        assured_date: blank(v.assured_date),
        phones: phonesOf(v.id),
        schedules: schedulesOf(v.id),
        service_at_locations: linksOf(v.id),
        x_tags: parseJsonCell(v.x_tags ?? "", "x_tags", undefined),
        x_search_terms: parseJsonCell(v.x_search_terms ?? "", "x_search_terms", undefined),
        x_synonyms: parseJsonCell(v.x_synonyms ?? "", "x_synonyms", undefined),
        x_languages: parseJsonCell(v.x_languages ?? "", "x_languages", undefined),
        x_provenance: parseJsonCell(v.x_provenance ?? "", "x_provenance", undefined),
        x_merged_ids: parseJsonCell(v.x_merged_ids ?? "", "x_merged_ids", undefined),
        x_virtual: v.x_virtual === undefined || v.x_virtual === "" ? undefined : v.x_virtual === "true",
        x_version: v.x_version ? Number(v.x_version) : undefined,
      } as unknown as HsdsService;
      services.push({ service, line: r.line });
    } catch (err) {
      errors.push({ file: "services.csv", line: r.line, reason: (err as Error).message });
    }
  }
  return { services, errors };
}
