/**
 * The last steps of a module's `copy-to-postgres`: VACUUM (ANALYZE) of what it wrote, then a
 * CHECKPOINT (pg/vacuum.ts says why), each announced before it starts and reported with its time.
 */
import type pg from "pg";
import type { CopyProgress } from "./copy-to-postgres-progress.js";
import { duration } from "./copy-to-postgres-progress.js";
import { checkpoint, vacuumAnalyzeSchema } from "./pg/vacuum.js";

/** Vacuums and analyzes the module's schema; returns the report's line. */
export async function vacuumAfterCopy(
  pool: pg.Pool,
  schema: string,
  progress: CopyProgress,
): Promise<string> {
  progress.say(`${schema}: vacuuming and analyzing its tables, so reads are fast from the start`);
  const { tables, seconds } = await vacuumAnalyzeSchema(pool, schema);
  return `vacuumed and analyzed ${tables.length} table(s) in ${time(seconds)}`;
}

/** Writes what the copy changed out to disk now; returns the report's line. */
export async function checkpointAfterCopy(
  pool: pg.Pool,
  schema: string,
  progress: CopyProgress,
): Promise<string> {
  progress.say(`${schema}: writing the copy out to disk (CHECKPOINT), so the first reads do not wait on it`);
  const done = await checkpoint(pool);
  return "seconds" in done
    ? `written out to disk (CHECKPOINT) in ${time(done.seconds)}`
    : `not written out to disk at once (${done.refused}: CHECKPOINT needs a superuser or the pg_checkpoint role); PostgreSQL writes it out in the background over the next minutes, and reads are slower meanwhile`;
}

const time = (seconds: number) => (seconds < 10 ? `${seconds.toFixed(1)} s` : duration(seconds));
