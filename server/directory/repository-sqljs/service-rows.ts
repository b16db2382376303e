/**
 * All SQL of the directory's HSDS tables (see migrations/001_hsds_core.ts), behind functions named
 * for what they do. A service record is written whole (its phones, locations and schedule rows are
 * replaced) so a record is never half-written; reads assemble plain `DirectoryService` objects.
 */
import {
  type DirectoryService,
  isWebAddress,
  type Schedule,
  type Tombstone,
} from "../../../shared/directory/index.js";
import type { Reader, Tx } from "../../db/types.js";

/** A `services` row joined with its organization's name (both backends store the same columns). */
export interface ServiceRow {
  id: string;
  organization_id: string;
  org_name: string;
  name: string;
  name_fr: string;
  description: string;
  description_fr: string;
  category: string;
  url: string | null;
  email: string | null;
  status: string;
  eligibility_description: string | null;
  fees_description: string | null;
  application_process: string | null;
  application_process_fr: string | null;
  documents_required: string | null;
  languages_json: string;
  tags_json: string;
  search_terms_json: string;
  synonyms_json: string;
  verification_level: string;
  last_verified: string | null;
  scope: string;
  virtual: number;
  provenance_json: string;
  schedule_timezone: string | null;
  schedule_notes: string | null;
  schedule_notes_fr: string | null;
  merged_ids_json: string;
  version: number;
  updated_at: string;
  deleted_at: string | null;
  change_seq: number;
}

/** Creates the organization row if missing, or refreshes its name. */
export function upsertOrganization(tx: Tx, id: string, name: string, now: string): void {
  tx.run(
    `INSERT INTO organizations (id, name, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at`,
    [id, name, now],
  );
}

/** The next change number (migration 005): writes are serialised, so numbers follow commit order. */
const NEXT_CHANGE = "(SELECT COALESCE(MAX(change_seq), 0) + 1 FROM services)";

/** Writes a whole service (row and children). `s.version` and `s.updatedAt` are stored as given. */
export function writeService(tx: Tx, s: DirectoryService, createdAt: string): void {
  upsertOrganization(tx, s.organizationId, s.organizationName, s.updatedAt);
  tx.run(
    `INSERT INTO services (id, organization_id, name, name_fr, description, description_fr, category, url, email, status,
      eligibility_description, fees_description, application_process, application_process_fr, documents_required,
      languages_json, tags_json, search_terms_json, synonyms_json, verification_level, last_verified, scope, virtual,
      provenance_json, schedule_timezone, schedule_notes, schedule_notes_fr, merged_ids_json, version, created_at, updated_at, deleted_at, change_seq)
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,NULL,${NEXT_CHANGE})
     ON CONFLICT(id) DO UPDATE SET organization_id=excluded.organization_id, name=excluded.name, name_fr=excluded.name_fr,
      description=excluded.description, description_fr=excluded.description_fr, category=excluded.category, url=excluded.url,
      email=excluded.email, status=excluded.status, eligibility_description=excluded.eligibility_description,
      fees_description=excluded.fees_description, application_process=excluded.application_process,
      application_process_fr=excluded.application_process_fr, documents_required=excluded.documents_required,
      languages_json=excluded.languages_json, tags_json=excluded.tags_json, search_terms_json=excluded.search_terms_json,
      synonyms_json=excluded.synonyms_json, verification_level=excluded.verification_level, last_verified=excluded.last_verified,
      scope=excluded.scope, virtual=excluded.virtual, provenance_json=excluded.provenance_json,
      schedule_timezone=excluded.schedule_timezone, schedule_notes=excluded.schedule_notes,
      schedule_notes_fr=excluded.schedule_notes_fr, merged_ids_json=excluded.merged_ids_json, version=excluded.version, updated_at=excluded.updated_at, deleted_at=NULL,
      change_seq=excluded.change_seq`,
    [
      s.id,
      s.organizationId,
      s.name.en,
      s.name.fr,
      s.description.en,
      s.description.fr,
      s.category,
      s.url,
      s.email,
      s.status,
      s.eligibility,
      s.fees,
      s.applicationProcess?.en ?? null,
      s.applicationProcess?.fr ?? null,
      s.documentsRequired,
      JSON.stringify(s.languages),
      JSON.stringify(s.tags),
      JSON.stringify(s.searchTerms),
      JSON.stringify(s.synonyms),
      s.verificationLevel,
      s.lastVerified,
      s.scope,
      s.virtual ? 1 : 0,
      JSON.stringify(s.provenance),
      s.schedule?.timezone ?? null,
      s.schedule?.notes?.en ?? null,
      s.schedule?.notes?.fr ?? null,
      JSON.stringify(s.mergedIds ?? []),
      s.version,
      createdAt,
      s.updatedAt,
    ],
  );
  replaceChildren(tx, s);
}

function replaceChildren(tx: Tx, s: DirectoryService): void {
  for (const table of ["phones", "schedules", "service_at_location"])
    tx.run(`DELETE FROM ${table} WHERE service_id = ?`, [s.id]);
  s.phones.forEach((p, i) => {
    tx.run("INSERT INTO phones (id, service_id, number, description, position) VALUES (?,?,?,?,?)", [
      `${s.id}-ph${i}`,
      s.id,
      p.number,
      p.label,
      i,
    ]);
  });
  s.locations.forEach((l, i) => {
    tx.run(
      `INSERT INTO locations (id, organization_id, location_type, name, latitude, longitude) VALUES (?,?,?,?,?,?)
       ON CONFLICT(id) DO UPDATE SET organization_id=excluded.organization_id, location_type=excluded.location_type,
        name=excluded.name, latitude=excluded.latitude, longitude=excluded.longitude`,
      [l.id, s.organizationId, l.type, l.name, l.lat, l.lng],
    );
    tx.run("DELETE FROM addresses WHERE location_id = ?", [l.id]);
    tx.run(
      "INSERT INTO addresses (id, location_id, address_1, city, state_province, postal_code, address_type) VALUES (?,?,?,?,?,?,?)",
      [
        `${l.id}-addr`,
        l.id,
        l.address,
        l.city,
        l.province,
        l.postalCode,
        l.type === "postal" ? "postal" : "physical",
      ],
    );
    tx.run("INSERT INTO service_at_location (id, service_id, location_id, position) VALUES (?,?,?,?)", [
      `${s.id}@${l.id}`,
      s.id,
      l.id,
      i,
    ]);
  });
  s.schedule?.weekly.forEach((w, i) => {
    tx.run(
      "INSERT INTO schedules (id, service_id, freq, byday, opens_at, closes_at, timezone, position) VALUES (?,?,?,?,?,?,?,?)",
      [
        `${s.id}-sch${i}`,
        s.id,
        "WEEKLY",
        w.day.toUpperCase(),
        w.opens,
        w.closes,
        s.schedule?.timezone ?? null,
        i,
      ],
    );
  });
  s.schedule?.exceptions.forEach((e, i) => {
    tx.run(
      "INSERT INTO schedules (id, service_id, valid_from, valid_to, opens_at, closes_at, closed, notes, timezone, position) VALUES (?,?,?,?,?,?,?,?,?,?)",
      [
        `${s.id}-exc${i}`,
        s.id,
        e.date,
        e.date,
        e.opens,
        e.closes,
        e.closed ? 1 : 0,
        e.note,
        s.schedule?.timezone ?? null,
        i,
      ],
    );
  });
}

/** Marks a service deleted (tombstone) and bumps its version; children stay for the audit trail. */
export function markServiceDeleted(tx: Tx, id: string, now: string): void {
  tx.run(
    `UPDATE services SET deleted_at = ?, updated_at = ?, version = version + 1, change_seq = ${NEXT_CHANGE} WHERE id = ?`,
    [now, now, id],
  );
}

export function countLiveServices(reader: Reader): number {
  return Number(
    reader.get<{ n: number }>("SELECT COUNT(*) AS n FROM services WHERE deleted_at IS NULL")?.n ?? 0,
  );
}

export function latestChange(reader: Reader): number {
  return Number(reader.get<{ n: number }>("SELECT COALESCE(MAX(change_seq), 0) AS n FROM services")?.n ?? 0);
}

export function countServices(reader: Reader): number {
  return Number(reader.get<{ n: number }>("SELECT COUNT(*) AS n FROM services")?.n ?? 0);
}

const SELECT_SERVICES = `SELECT s.*, o.name AS org_name FROM services s JOIN organizations o ON o.id = s.organization_id`;

/**
 * Every live service and every tombstone, assembled with a fixed number of queries (no N+1), with
 * each record's change number (migration 005).
 */
export function loadCatalogue(
  reader: Reader,
  onlyId?: string,
): { services: DirectoryService[]; tombstones: Tombstone[]; changes: Map<string, number> } {
  const where = onlyId ? " WHERE s.id = ?" : "";
  const params = onlyId ? [onlyId] : [];
  // In the order records were first written (rowid), which the PostgreSQL backend keeps too.
  const rows = reader.all<ServiceRow>(`${SELECT_SERVICES}${where} ORDER BY s.rowid`, params);
  const childWhere = onlyId ? " WHERE service_id = ?" : "";
  const phones = group(
    reader.all<{ service_id: string; number: string; description: string | null }>(
      `SELECT service_id, number, description FROM phones${childWhere} ORDER BY service_id, position`,
      params,
    ),
  );
  const locations = group(
    reader.all<Record<string, string | number | null> & { service_id: string }>(
      `SELECT sal.service_id, l.id, l.location_type, l.name, l.latitude, l.longitude, a.address_1, a.city, a.state_province, a.postal_code
       FROM service_at_location sal JOIN locations l ON l.id = sal.location_id LEFT JOIN addresses a ON a.location_id = l.id
       ${onlyId ? "WHERE sal.service_id = ?" : ""} ORDER BY sal.service_id, sal.position`,
      params,
    ),
  );
  const schedules = group(
    reader.all<Record<string, string | number | null> & { service_id: string }>(
      `SELECT * FROM schedules${childWhere} ORDER BY service_id, position`,
      params,
    ),
  );
  const services: DirectoryService[] = [];
  const tombstones: Tombstone[] = [];
  const changes = new Map<string, number>();
  for (const r of rows) {
    changes.set(r.id, Number(r.change_seq));
    if (r.deleted_at) {
      tombstones.push({ id: r.id, deleted: true, updatedAt: r.updated_at });
      continue;
    }
    services.push(
      rowToService(r, phones.get(r.id) ?? [], locations.get(r.id) ?? [], schedules.get(r.id) ?? []),
    );
  }
  return { services, tombstones, changes };
}

export function group<T extends { service_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.service_id);
    if (list) list.push(r);
    else out.set(r.service_id, [r]);
  }
  return out;
}

export type ChildRow = Record<string, string | number | null>;

export function rowToService(
  r: ServiceRow,
  phones: { number: string; description: string | null }[],
  locs: ChildRow[],
  scheds: ChildRow[],
): DirectoryService {
  const weekly = scheds.filter((x) => x.freq === "WEEKLY");
  const exceptions = scheds.filter((x) => x.freq !== "WEEKLY");
  const hasSchedule = r.schedule_timezone !== null || weekly.length > 0;
  const schedule: Schedule | null = hasSchedule
    ? {
        timezone: r.schedule_timezone ?? "America/Toronto",
        weekly: weekly.map((w) => ({
          day: String(w.byday).toLowerCase() as Schedule["weekly"][number]["day"],
          opens: String(w.opens_at),
          closes: String(w.closes_at),
        })),
        exceptions: exceptions.map((e) => ({
          date: String(e.valid_from),
          closed: Number(e.closed) === 1,
          opens: (e.opens_at as string | null) ?? null,
          closes: (e.closes_at as string | null) ?? null,
          note: (e.notes as string | null) ?? null,
        })),
        notes:
          r.schedule_notes !== null
            ? { en: r.schedule_notes, fr: r.schedule_notes_fr ?? r.schedule_notes }
            : null,
      }
    : null;
  const mergedIds = JSON.parse(r.merged_ids_json ?? "[]") as string[];
  return {
    id: r.id,
    organizationId: r.organization_id,
    organizationName: r.org_name,
    name: { en: r.name, fr: r.name_fr },
    description: { en: r.description, fr: r.description_fr },
    category: r.category as DirectoryService["category"],
    tags: JSON.parse(r.tags_json),
    searchTerms: JSON.parse(r.search_terms_json),
    synonyms: JSON.parse(r.synonyms_json),
    eligibility: r.eligibility_description,
    fees: r.fees_description,
    applicationProcess:
      r.application_process !== null
        ? { en: r.application_process, fr: r.application_process_fr ?? r.application_process }
        : null,
    documentsRequired: r.documents_required,
    languages: JSON.parse(r.languages_json),
    // Written before websites were checked, a runnable link (javascript:, data:) is never served.
    url: isWebAddress(r.url) ? r.url : null,
    email: r.email,
    status: r.status as DirectoryService["status"],
    verificationLevel: r.verification_level as DirectoryService["verificationLevel"],
    lastVerified: r.last_verified,
    scope: r.scope as DirectoryService["scope"],
    virtual: r.virtual === 1,
    provenance: JSON.parse(r.provenance_json),
    phones: phones.map((p) => ({ number: p.number, label: p.description })),
    locations: locs.map((l) => ({
      id: String(l.id),
      type: l.location_type === "postal" ? "postal" : "physical",
      name: (l.name as string | null) ?? null,
      address: (l.address_1 as string | null) ?? null,
      city: (l.city as string | null) ?? null,
      province: (l.state_province as string | null) ?? null,
      postalCode: (l.postal_code as string | null) ?? null,
      lat: l.latitude === null ? null : Number(l.latitude),
      lng: l.longitude === null ? null : Number(l.longitude),
    })),
    schedule,
    ...(mergedIds.length ? { mergedIds } : {}),
    version: Number(r.version),
    updatedAt: r.updated_at,
  };
}
