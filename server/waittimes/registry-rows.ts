/**
 * The registry's columns as both backends store them: the values a migration inserts for a source
 * or a hospital, and the records a stored row reads back as. One place, so sql.js and PostgreSQL
 * cannot drift apart.
 */

import type { SqlValue } from "../db/types.js";
import type { ReferenceHospital, ReferenceSource } from "./registry.js";
import type { MethodologyChange, RunRecord, SourceRecord, StoredHospital } from "./repository.js";

export const SOURCE_COLUMNS =
  "id, name, province, url, methodology_url, telehealth_number, telehealth_name, data_source, update_frequency, feed_format, cadence_seconds, metric_family, start_event, end_event, statistic_type, origin";
export const HOSPITAL_COLUMNS =
  "id, name, province, city, address, phone, latitude, longitude, source_id, aliases, provenance";

export function sourceValues(s: ReferenceSource, origin: string): SqlValue[] {
  const m = s.methodology;
  return [
    s.id,
    s.name,
    s.province,
    s.url,
    s.methodology_url,
    s.telehealth_number,
    s.telehealth_name,
    s.data_source,
    s.update_frequency,
    s.feed_format,
    s.cadence_seconds,
    m.metric_family,
    m.start_event,
    m.end_event,
    m.statistic_type,
    origin,
  ];
}

export function hospitalValues(h: ReferenceHospital): SqlValue[] {
  return [
    h.id,
    h.name,
    h.province,
    h.city,
    h.address,
    h.phone,
    h.latitude,
    h.longitude,
    h.source_id,
    JSON.stringify(h.aliases),
    h.provenance,
  ];
}

/**
 * The facts a newer reference file can correct in an existing database (revision 3, PostgreSQL 4):
 * what revision 2 copied from it, less the key, the province and the source (the methodology
 * follows the source, so a changed source is a new hospital, not a correction).
 */
export const HOSPITAL_FACT_COLUMNS = [
  "name",
  "city",
  "address",
  "phone",
  "latitude",
  "longitude",
  "aliases",
  "provenance",
] as const;

export function hospitalFactValues(h: ReferenceHospital): SqlValue[] {
  return [
    h.name,
    h.city,
    h.address,
    h.phone,
    h.latitude,
    h.longitude,
    JSON.stringify(h.aliases),
    h.provenance,
  ];
}

type Row = Record<string, never>;

export function sourceFromRow(s: Row): SourceRecord {
  return {
    id: s.id,
    name: s.name,
    province: s.province,
    url: s.url,
    methodology_url: s.methodology_url,
    telehealth_number: s.telehealth_number,
    telehealth_name: s.telehealth_name,
    data_source: s.data_source,
    update_frequency: s.update_frequency,
    feed_format: s.feed_format,
    cadence_seconds: s.cadence_seconds,
    methodology: {
      metric_family: s.metric_family,
      start_event: s.start_event,
      end_event: s.end_event,
      statistic_type: s.statistic_type,
    },
  };
}

export function hospitalFromRow(h: Row): StoredHospital {
  return {
    hid: h.hid,
    id: h.id,
    name: h.name,
    province: h.province,
    city: h.city,
    address: h.address,
    phone: h.phone,
    latitude: h.latitude,
    longitude: h.longitude,
    aliases: JSON.parse(h.aliases) as string[],
    source_id: h.source_id,
    provenance: h.provenance,
    override: {
      metric_family: h.metric_family,
      start_event: h.start_event,
      end_event: h.end_event,
      statistic_type: h.statistic_type,
    },
  };
}

/** The columns of a methodology change, in the order of `methodologyChangeValues`. */
export const METHODOLOGY_CHANGE_COLUMNS =
  "hid, effective_from, metric_family, start_event, end_event, statistic_type, entered_at, entered_by";

export function methodologyChangeValues(c: MethodologyChange): SqlValue[] {
  const o = c.override;
  return [
    c.hid,
    c.effective_from,
    o.metric_family,
    o.start_event,
    o.end_event,
    o.statistic_type,
    c.entered_at,
    c.entered_by,
  ];
}

/** A stored change (PostgreSQL's bigint times come back as text). */
export function methodologyChangeFromRow(r: Row): MethodologyChange {
  return {
    hid: Number(r.hid),
    effective_from: Number(r.effective_from),
    override: {
      metric_family: r.metric_family,
      start_event: r.start_event,
      end_event: r.end_event,
      statistic_type: r.statistic_type,
    },
    entered_at: Number(r.entered_at),
    entered_by: r.entered_by,
  };
}

/** A run's values in the order of RUN_INSERT_COLUMNS (both backends insert runs alike). */
export const RUN_INSERT_COLUMNS =
  "source_id, kind, file_name, file_sha256, started_at, finished_at, outcome, error_category, error_message, demo";

export function runValues(run: RunRecord): SqlValue[] {
  return [
    run.sourceId,
    run.kind,
    run.fileName ?? null,
    run.sha ?? null,
    run.startedAt,
    run.finishedAt,
    run.outcome,
    run.errorCategory ?? null,
    run.message ?? null,
    run.demo ? 1 : 0,
  ];
}
