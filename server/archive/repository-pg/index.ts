/**
 * The archive repository on PostgreSQL (the `archive` schema, through a pool whose search path is
 * that schema): each write method is one transaction, acknowledged after COMMIT, and moves the
 * `data_version` sequence; paths cross the interface absolute and are stored relative to the WARC
 * root, as on sql.js.
 */
import type pg from "pg";
import type { ArchiveRepository } from "../repository.js";
import { pgCaptures } from "./captures.js";
import { pgChanges } from "./changes.js";
import { pgEditions } from "./editions.js";
import { pgExports } from "./exports.js";
import { pgJobs } from "./jobs.js";
import { pgMaintenance } from "./maintenance.js";
import { pgOps } from "./ops.js";
import { one, writeIn } from "./rows.js";
import { pgSearch } from "./search-area.js";
import { pgShards } from "./shards.js";
import { pgSources } from "./sources.js";

export function createPgArchiveRepository(pool: pg.Pool, warcRoot: string): ArchiveRepository {
  const write = writeIn(pool);
  const dataVersion = async () =>
    (
      await one<{ v: number }>(
        pool,
        "SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM data_version",
      )
    )?.v ?? 0;
  return {
    warcRoot,
    ...pgSources(pool, write),
    ...pgJobs(pool, write, warcRoot),
    ...pgCaptures(pool, write, warcRoot),
    ...pgSearch(pool, dataVersion),
    ...pgEditions(pool, write),
    ...pgShards(pool, write, warcRoot),
    ...pgChanges(pool, write, warcRoot),
    ...pgExports(pool, write),
    ...pgOps(pool, write, warcRoot),
    ...pgMaintenance(pool, write),
    dataVersion,
    check: async () => {
      try {
        await pool.query("SELECT 1");
        return true;
      } catch {
        return false;
      }
    },
  };
}
