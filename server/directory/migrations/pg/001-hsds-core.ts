/**
 * The HSDS tables on PostgreSQL, in the `directory` schema: the same tables, columns and keys as
 * the sql.js revision 1 (../001_hsds_core.ts explains them). Flags stay 0/1 integers and lists stay
 * JSON text, so both backends hand the same values to the row mapping. `row_order` stands for
 * SQLite's rowid: records are read in the order they were first written on both backends.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

export const pgHsdsCore: PgMigration = {
  version: 1,
  name: "hsds_core",
  up: `
CREATE TABLE organizations (
  id text PRIMARY KEY, name text NOT NULL, alternate_name text, description text, email text, website text,
  updated_at text NOT NULL
);
CREATE TABLE services (
  id text PRIMARY KEY, row_order bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  organization_id text NOT NULL REFERENCES organizations(id),
  name text NOT NULL, name_fr text NOT NULL, description text NOT NULL, description_fr text NOT NULL,
  category text NOT NULL, url text, email text, status text NOT NULL, eligibility_description text,
  fees_description text, application_process text, application_process_fr text, documents_required text,
  languages_json text NOT NULL DEFAULT '[]', tags_json text NOT NULL DEFAULT '[]',
  search_terms_json text NOT NULL DEFAULT '{"en":[],"fr":[]}', synonyms_json text NOT NULL DEFAULT '{"en":[],"fr":[]}',
  verification_level text NOT NULL, last_verified text, scope text NOT NULL, virtual integer NOT NULL DEFAULT 0,
  provenance_json text NOT NULL, schedule_timezone text, schedule_notes text, schedule_notes_fr text,
  version integer NOT NULL DEFAULT 1, created_at text NOT NULL, updated_at text NOT NULL, deleted_at text
);
CREATE INDEX services_updated_at ON services(updated_at);
CREATE INDEX services_org ON services(organization_id);
CREATE TABLE locations (
  id text PRIMARY KEY, organization_id text REFERENCES organizations(id), location_type text NOT NULL, name text,
  latitude double precision, longitude double precision
);
CREATE TABLE addresses (
  id text PRIMARY KEY, location_id text NOT NULL REFERENCES locations(id) ON DELETE CASCADE, address_1 text,
  city text, state_province text, postal_code text, country text NOT NULL DEFAULT 'CA', address_type text NOT NULL
);
CREATE TABLE service_at_location (
  id text PRIMARY KEY, service_id text NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES locations(id) ON DELETE CASCADE, position integer NOT NULL DEFAULT 0
);
CREATE INDEX sal_service ON service_at_location(service_id);
CREATE TABLE phones (
  id text PRIMARY KEY, service_id text NOT NULL REFERENCES services(id) ON DELETE CASCADE, number text NOT NULL,
  description text, position integer NOT NULL DEFAULT 0
);
CREATE INDEX phones_service ON phones(service_id);
CREATE TABLE schedules (
  id text PRIMARY KEY, service_id text NOT NULL REFERENCES services(id) ON DELETE CASCADE, freq text, byday text,
  opens_at text, closes_at text, valid_from text, valid_to text, closed integer NOT NULL DEFAULT 0, notes text,
  timezone text, position integer NOT NULL DEFAULT 0
);
CREATE INDEX schedules_service ON schedules(service_id);
-- Bumped by every write method: processes cache computed views under it (see dataVersion()).
CREATE SEQUENCE data_version;
`,
  down: `
DROP SEQUENCE data_version; DROP TABLE schedules; DROP TABLE phones; DROP TABLE service_at_location;
DROP TABLE addresses; DROP TABLE locations; DROP TABLE services; DROP TABLE organizations;
`,
};
