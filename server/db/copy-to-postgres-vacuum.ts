/**
 * The last step of a module's `copy-to-postgres`: VACUUM (ANALYZE) of what it wrote (pg/vacuum.ts
 * says why), announced before it starts and reported with its time.
 */
import type pg from "pg";
import type { CopyProgress } from "./copy-to-postgres-progress.js";
import { duration } from "./copy-to-postgres-progress.js";
import { vacuumAnalyzeSchema } from "./pg/vacuum.js";

/** Vacuums and analyzes the module's schema; returns the report's line. */
export async function vacuumAfterCopy(
  pool: pg.Pool,
  schema: string,
  progress: CopyProgress,
): Promise<string> {
  progress.say(`${schema}: vacuuming and analyzing its tables, so reads are fast from the start`);
  const { tables, seconds } = await vacuumAnalyzeSchema(pool, schema);
  const time = seconds < 10 ? `${seconds.toFixed(1)} s` : duration(seconds);
  return `vacuumed and analyzed ${tables.length} table(s) in ${time}`;
}
