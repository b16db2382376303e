/**
 * The directory's own database (`<DATA_DIR>/directory.sqlite`), tables aligned with Open Referral
 * HSDS 3.0: organizations, services, locations with addresses, phones, schedules (weekly rows and
 * dated exceptions) and service_at_location links. Fields HSDS has no column for (French text,
 * category, search terms, verification level, provenance) are extra columns on `services`;
 * lists are JSON text. A deleted service keeps its row with `deleted_at` set: the offline app syncs
 * with `updated_since` and must learn about deletions (tombstones).
 */
import type { Migration, Tx } from "../../db/types.js";

const UP = [
  `CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    alternate_name TEXT,
    description TEXT,
    email TEXT,
    website TEXT,
    updated_at TEXT NOT NULL
  )`,
  `CREATE TABLE services (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    name TEXT NOT NULL,
    name_fr TEXT NOT NULL,
    description TEXT NOT NULL,
    description_fr TEXT NOT NULL,
    category TEXT NOT NULL,
    url TEXT,
    email TEXT,
    status TEXT NOT NULL,
    eligibility_description TEXT,
    fees_description TEXT,
    application_process TEXT,
    application_process_fr TEXT,
    documents_required TEXT,
    languages_json TEXT NOT NULL DEFAULT '[]',
    tags_json TEXT NOT NULL DEFAULT '[]',
    search_terms_json TEXT NOT NULL DEFAULT '{"en":[],"fr":[]}',
    synonyms_json TEXT NOT NULL DEFAULT '{"en":[],"fr":[]}',
    verification_level TEXT NOT NULL,
    last_verified TEXT,
    scope TEXT NOT NULL,
    virtual INTEGER NOT NULL DEFAULT 0,
    provenance_json TEXT NOT NULL,
    schedule_timezone TEXT,
    schedule_notes TEXT,
    schedule_notes_fr TEXT,
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    deleted_at TEXT
  )`,
  "CREATE INDEX services_updated_at ON services(updated_at)",
  "CREATE INDEX services_org ON services(organization_id)",
  `CREATE TABLE locations (
    id TEXT PRIMARY KEY,
    organization_id TEXT REFERENCES organizations(id),
    location_type TEXT NOT NULL,
    name TEXT,
    latitude REAL,
    longitude REAL
  )`,
  `CREATE TABLE addresses (
    id TEXT PRIMARY KEY,
    location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
    address_1 TEXT,
    city TEXT,
    state_province TEXT,
    postal_code TEXT,
    country TEXT NOT NULL DEFAULT 'CA',
    address_type TEXT NOT NULL
  )`,
  `CREATE TABLE service_at_location (
    id TEXT PRIMARY KEY,
    service_id TEXT NOT NULL REFERENCES services(id) ON DELETE CASCADE,
    location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
    position INTEGER NOT NULL DEFAULT 0
  )`,
  "CREATE INDEX sal_service ON service_at_location(service_id)",
  `CREATE TABLE phones (
    id TEXT PRIMARY KEY,
    service_id TEXT NOT NULL REFERENCES services(id) ON DELETE CASCADE,
    number TEXT NOT NULL,
    description TEXT,
    position INTEGER NOT NULL DEFAULT 0
  )`,
  "CREATE INDEX phones_service ON phones(service_id)",
  `CREATE TABLE schedules (
    id TEXT PRIMARY KEY,
    service_id TEXT NOT NULL REFERENCES services(id) ON DELETE CASCADE,
    freq TEXT,
    byday TEXT,
    opens_at TEXT,
    closes_at TEXT,
    valid_from TEXT,
    valid_to TEXT,
    closed INTEGER NOT NULL DEFAULT 0,
    notes TEXT,
    timezone TEXT,
    position INTEGER NOT NULL DEFAULT 0
  )`,
  "CREATE INDEX schedules_service ON schedules(service_id)",
];

const DOWN = [
  "schedules",
  "phones",
  "service_at_location",
  "addresses",
  "locations",
  "services",
  "organizations",
].map((t) => `DROP TABLE IF EXISTS ${t}`);

const runAll = (statements: string[]) => (tx: Tx) => {
  for (const sql of statements) tx.run(sql);
};

export const hsdsCore: Migration = { version: 1, name: "hsds_core", up: runAll(UP), down: runAll(DOWN) };
