/**
 * Service records written to PostgreSQL, whole (row and children replaced), as on sql.js. Callers
 * hold the service-write lock (queries.ts): each write takes the next change number from the
 * `service_changes` sequence, so numbers follow commit order.
 */
import type pg from "pg";
import type { DirectoryService } from "../../../shared/directory/index.js";
import { insertRows } from "./queries.js";

// biome-ignore format: a list of column names reads best packed
const SERVICE_COLUMNS = [
  "id", "organization_id", "name", "name_fr", "description", "description_fr", "category", "url", "email",
  "status", "eligibility_description", "fees_description", "application_process", "application_process_fr",
  "documents_required", "languages_json", "tags_json", "search_terms_json", "synonyms_json",
  "verification_level", "last_verified", "scope", "virtual", "provenance_json", "schedule_timezone",
  "schedule_notes", "schedule_notes_fr", "merged_ids_json", "version", "created_at", "updated_at",
];
// Every column but the key and created_at is replaced on update; a rewrite revives a tombstone.
const UPDATES = SERVICE_COLUMNS.filter((c) => c !== "id" && c !== "created_at").map(
  (c) => `${c} = EXCLUDED.${c}`,
);

function serviceValues(s: DirectoryService, createdAt: string): unknown[] {
  // biome-ignore format: one value per column of SERVICE_COLUMNS, in its order
  return [
    s.id, s.organizationId, s.name.en, s.name.fr, s.description.en, s.description.fr, s.category, s.url, s.email,
    s.status, s.eligibility, s.fees, s.applicationProcess?.en ?? null, s.applicationProcess?.fr ?? null,
    s.documentsRequired, JSON.stringify(s.languages), JSON.stringify(s.tags), JSON.stringify(s.searchTerms),
    JSON.stringify(s.synonyms), s.verificationLevel, s.lastVerified, s.scope, s.virtual ? 1 : 0,
    JSON.stringify(s.provenance), s.schedule?.timezone ?? null, s.schedule?.notes?.en ?? null,
    s.schedule?.notes?.fr ?? null, JSON.stringify(s.mergedIds ?? []), s.version, createdAt, s.updatedAt,
  ];
}

/** Writes a whole service (row and children). `s.version` and `s.updatedAt` are stored as given. */
export async function writeService(
  client: pg.ClientBase,
  s: DirectoryService,
  createdAt: string,
): Promise<void> {
  await client.query(
    `INSERT INTO organizations (id, name, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = EXCLUDED.updated_at`,
    [s.organizationId, s.organizationName, s.updatedAt],
  );
  await client.query(
    `INSERT INTO services (${SERVICE_COLUMNS.join(", ")}, deleted_at, change_seq)
     VALUES (${SERVICE_COLUMNS.map((_, i) => `$${i + 1}`).join(",")}, NULL, nextval('service_changes'))
     ON CONFLICT (id) DO UPDATE SET ${UPDATES.join(", ")}, deleted_at = NULL, change_seq = EXCLUDED.change_seq`,
    serviceValues(s, createdAt),
  );
  await replaceChildren(client, s);
}

async function replaceChildren(client: pg.ClientBase, s: DirectoryService): Promise<void> {
  for (const table of ["phones", "schedules", "service_at_location"])
    await client.query(`DELETE FROM ${table} WHERE service_id = $1`, [s.id]);
  await insertRows(
    client,
    "phones",
    ["id", "service_id", "number", "description", "position"],
    s.phones.map((p, i) => [`${s.id}-ph${i}`, s.id, p.number, p.label, i]),
  );
  await insertRows(
    client,
    "locations",
    ["id", "organization_id", "location_type", "name", "latitude", "longitude"],
    s.locations.map((l) => [l.id, s.organizationId, l.type, l.name, l.lat, l.lng]),
    `ON CONFLICT (id) DO UPDATE SET organization_id = EXCLUDED.organization_id, location_type = EXCLUDED.location_type,
      name = EXCLUDED.name, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude`,
  );
  if (s.locations.length)
    await client.query("DELETE FROM addresses WHERE location_id = ANY($1::text[])", [
      s.locations.map((l) => l.id),
    ]);
  await insertRows(
    client,
    "addresses",
    ["id", "location_id", "address_1", "city", "state_province", "postal_code", "address_type"],
    s.locations.map((l) => [
      `${l.id}-addr`,
      l.id,
      l.address,
      l.city,
      l.province,
      l.postalCode,
      l.type === "postal" ? "postal" : "physical",
    ]),
  );
  await insertRows(
    client,
    "service_at_location",
    ["id", "service_id", "location_id", "position"],
    s.locations.map((l, i) => [`${s.id}@${l.id}`, s.id, l.id, i]),
  );
  const tz = s.schedule?.timezone ?? null;
  await insertRows(
    client,
    "schedules",
    [
      "id",
      "service_id",
      "freq",
      "byday",
      "opens_at",
      "closes_at",
      "valid_from",
      "valid_to",
      "closed",
      "notes",
      "timezone",
      "position",
    ],
    [
      ...(s.schedule?.weekly ?? []).map((w, i) => [
        `${s.id}-sch${i}`,
        s.id,
        "WEEKLY",
        w.day.toUpperCase(),
        w.opens,
        w.closes,
        null,
        null,
        0,
        null,
        tz,
        i,
      ]),
      ...(s.schedule?.exceptions ?? []).map((e, i) => [
        `${s.id}-exc${i}`,
        s.id,
        null,
        null,
        e.opens,
        e.closes,
        e.date,
        e.date,
        e.closed ? 1 : 0,
        e.note,
        tz,
        i,
      ]),
    ],
  );
}

/** Marks a service deleted (tombstone) and bumps its version; children stay for the audit trail. */
export async function markServiceDeleted(client: pg.ClientBase, id: string, now: string): Promise<void> {
  await client.query(
    `UPDATE services SET deleted_at = $1, updated_at = $1, version = version + 1, change_seq = nextval('service_changes')
     WHERE id = $2`,
    [now, id],
  );
}
