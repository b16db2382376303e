/**
 * Revision 19 (16 to 18 are PostgreSQL-only): the redirects a crawl captured (an old address
 * answering 301 to its new home on canada.ca), one row per 3xx capture with its Location, so a
 * search by the old address (or its site) finds the page it leads to. Written by the indexer
 * (index/indexer.ts) at the end of a job; read by the URL search of each backend.
 */
import type { Migration } from "../../db/types.js";

const types = (integer: string) => `
CREATE TABLE capture_redirects (
  job_id ${integer} NOT NULL REFERENCES archive_jobs(id),
  url TEXT NOT NULL CHECK (length(url) <= 2000),
  normalized_url_group TEXT NOT NULL CHECK (length(normalized_url_group) <= 2000),
  capture_timestamp TEXT NOT NULL,
  status_code INTEGER NOT NULL,
  target_url TEXT NOT NULL CHECK (length(target_url) <= 2000),
  target_group TEXT NOT NULL CHECK (length(target_group) <= 2000),
  PRIMARY KEY (job_id, url, capture_timestamp)
);
CREATE INDEX capture_redirects_group ON capture_redirects(normalized_url_group);
`;

/** The same statements on both backends, but for the job id's type. */
export const captureRedirectsUp = (dialect: "sqlite" | "pg") =>
  types(dialect === "pg" ? "bigint" : "INTEGER");
export const captureRedirectsDown = "DROP TABLE capture_redirects;";

export const captureRedirectsMigration: Migration = {
  version: 19,
  name: "capture redirects: where each captured redirect leads, for search by an old address",
  up: captureRedirectsUp("sqlite"),
  down: captureRedirectsDown,
};
