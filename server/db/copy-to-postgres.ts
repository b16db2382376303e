/**
 * Copies an embedded deployment (each module's sql.js store) into PostgreSQL, module by module:
 * refuses a schema holding other data, brings the schema to the latest PostgreSQL revision, copies
 * every table both sides have in foreign-key order and in batches, then sets sequences past the
 * copied values. Running it again copies only what is new or changed; a run stopped half-way is
 * finished by the next one. `chc db copy-to-postgres` (copy-to-postgres-cli.ts) drives it. What
 * else a module needs (revisions, per-row steps, work after the tables) comes in its copy plan
 * (copy-plan.ts), handed in by the caller: server/db/ knows no module.
 */
import type { CopyPlan } from "./copy-plan.js";
import { type CopyProgress, rowsToCopy, silentProgress } from "./copy-to-postgres-progress.js";
import { copyTable } from "./copy-to-postgres-table.js";
import { planCopy, type SkippedTable } from "./copy-to-postgres-tables.js";
import {
  checkTarget,
  finishModule,
  loadProgress,
  markTarget,
  sourceIdentity,
} from "./copy-to-postgres-target.js";
import { checkpointAfterCopy, vacuumAfterCopy } from "./copy-to-postgres-vacuum.js";
import { pgUpgrade } from "./pg/migrations.js";
import { createPgPool } from "./pg/pool.js";
import type { Reader } from "./types.js";

export { CopyRefusedError } from "./copy-to-postgres-target.js";

export interface CopySource {
  name: string;
  store: Reader & { readonly dataVersion: number };
}

export interface CopyToPostgresOptions {
  url: string;
  modules: CopySource[];
  /** Each module's copy plan, by name (the modules' `copyPlan`); a module without one is not copied. */
  plans: Readonly<Record<string, CopyPlan>>;
  /** Rows per batch (one transaction each); default 2000. */
  batchSize?: number;
  /** Stops the run with an error after this many batches (to test resuming). */
  stopAfterBatches?: number;
  now?: () => Date;
  /** Told how far the copy got as it goes (copy-to-postgres-progress.ts); silent by default. */
  progress?: CopyProgress;
}

export interface TableReport {
  table: string;
  /** Rows in the embedded table. */
  rows: number;
  copied: number;
  updated: number;
  alreadyThere: number;
  /** sql.js columns PostgreSQL does not have. */
  leftBehind: string[];
}

export interface ModuleReport {
  module: string;
  /** Why the whole module was not copied, if it was not. */
  notCopied?: string;
  tables: TableReport[];
  skipped: SkippedTable[];
  /** What the module's own step after the tables did (the archive's search entries). */
  notes: string[];
}

export class CopyInterruptedError extends Error {}

export async function copyToPostgres(opts: CopyToPostgresOptions): Promise<ModuleReport[]> {
  const specs = opts.plans;
  const now = opts.now ?? (() => new Date());
  const progress = opts.progress ?? silentProgress;
  let batches = 0;
  const afterBatch = (n: number) => {
    progress.advance(n);
    batches++;
    if (opts.stopAfterBatches !== undefined && batches >= opts.stopAfterBatches)
      throw new CopyInterruptedError(`stopped after ${batches} batch(es) as asked`);
  };
  const reports: ModuleReport[] = [];
  for (const { name, store } of opts.modules) {
    const spec = specs[name];
    if (!spec) {
      reports.push({
        module: name,
        notCopied: "no PostgreSQL schema in this version",
        tables: [],
        skipped: [],
        notes: [],
      });
      continue;
    }
    // Room for a plan's step to write two batches at once while it reads the next.
    const pool = createPgPool({ url: opts.url, schema: name, size: 3 });
    try {
      const identity = sourceIdentity(store);
      await checkTarget(pool, name, identity, await planCopy(store, pool, name), store);
      await pgUpgrade(pool, name, spec.pgMigrations, now);
      await markTarget(pool, name, identity, now());
      const plan = await planCopy(store, pool, name);
      const resume = await loadProgress(pool, name);
      const report: ModuleReport = { module: name, tables: [], skipped: plan.skipped, notes: [] };
      reports.push(report);
      progress.start(`${name}: tables`, rowsToCopy(store, plan.tables, resume), "rows");
      for (const table of plan.tables) {
        const counts = await copyTable({
          source: store,
          pool,
          schema: name,
          table,
          resumeAfter: resume.get(table.name) ?? null,
          batchSize: opts.batchSize ?? 2000,
          transform: spec.rowStep?.(table.name),
          afterBatch,
        });
        const rows = store.get<{ n: number }>(`SELECT count(*) AS n FROM "${table.name}"`)?.n ?? 0;
        report.tables.push({
          table: table.name,
          rows,
          ...counts,
          alreadyThere: rows - counts.copied - counts.updated,
          leftBehind: table.leftBehind,
        });
      }
      if (spec.afterTables)
        report.notes.push(
          await spec.afterTables({
            source: store,
            pool,
            batchSize: opts.batchSize ?? 2000,
            afterBatch,
            progress,
          }),
        );
      progress.finish();
      await finishModule(pool, name, plan, spec.followingSequences ?? [], store.dataVersion, now());
      report.notes.push(await vacuumAfterCopy(pool, name, progress));
      report.notes.push(await checkpointAfterCopy(pool, name, progress));
    } finally {
      await pool.end();
    }
  }
  return reports;
}
