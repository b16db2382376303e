/**
 * The reference registry shipped with the product: facts about the four provincial publishers and
 * their hospitals (see reference/*.json "origin" for where each fact came from).
 */
import { readFileSync } from "node:fs";
import type { Methodology, Province } from "../../shared/waittimes/schemas.js";

export interface ReferenceSource {
  id: string;
  name: string;
  province: Province;
  url: string | null;
  methodology_url: string | null;
  telehealth_number: string | null;
  telehealth_name: string | null;
  data_source: string;
  update_frequency: string;
  feed_format: string;
  cadence_seconds: number;
  methodology: Methodology;
}

export interface ReferenceHospital {
  id: string;
  name: string;
  province: Province;
  city: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  source_id: string;
  aliases: string[];
  provenance: string;
}

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./reference/${file}`, import.meta.url), "utf8")) as T;

const sourcesFile = read<{ origin: string; sources: ReferenceSource[] }>("sources.json");
const hospitalsFile = read<{ origin: string; hospitals: ReferenceHospital[] }>("hospitals.json");

export const SOURCES_ORIGIN = sourcesFile.origin;
export const REFERENCE_SOURCES = sourcesFile.sources;
export const REFERENCE_HOSPITALS = hospitalsFile.hospitals;
