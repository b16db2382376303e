/**
 * `chc db copy-to-postgres [--to <url>]`: copies the embedded deployment under DATA_DIR (opened
 * read-only, so it works beside a running server) into the PostgreSQL database at DATABASE_URL and
 * prints, per module and table, how many rows were copied, brought up to date or already there.
 * The caller hands in DATABASE_URL and each module's copy plan (server/cli.ts, from the config).
 * How far it got goes to standard error as it runs (copy-to-postgres-progress.ts).
 */
import type { Command } from "commander";
import type { DbCommandOptions } from "./cli.js";
import type { CopyPlan } from "./copy-plan.js";
import { copyToPostgres, type ModuleReport } from "./copy-to-postgres.js";
import { printedProgress } from "./copy-to-postgres-progress.js";

/** What the copy needs of the configuration; may throw (a bad configuration fails the command). */
export type CopySettings = () => { databaseUrl?: string; plans: Readonly<Record<string, CopyPlan>> };

export interface CopyCommandOptions {
  getStores: DbCommandOptions["getStores"];
  copySettings: CopySettings;
  print: (line: string) => void;
}

function postgresUrl(value: string | undefined): string {
  if (!value) throw new Error("no target: set DATABASE_URL or pass --to postgres://user@host:port/database");
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new Error("the target must be a postgres:// or postgresql:// URL (from --to or DATABASE_URL)");
  return value;
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new Error(`--batch-size must be a whole number from 1 to 100000, not "${value}"`);
  return n;
}

export function describeReports(reports: ModuleReport[]): string[] {
  const lines: string[] = [];
  let changed = 0;
  for (const r of reports) {
    if (r.notCopied) {
      lines.push(`${r.module}: not copied (${r.notCopied})`);
      continue;
    }
    lines.push(`${r.module}:`);
    for (const t of r.tables) {
      changed += t.copied + t.updated;
      const behind = t.leftBehind.length ? `; columns not in PostgreSQL: ${t.leftBehind.join(", ")}` : "";
      lines.push(
        `  ${t.table}: ${t.copied} copied, ${t.updated} brought up to date, ${t.alreadyThere} already there${behind}`,
      );
    }
    for (const note of r.notes) lines.push(`  ${note}`);
    for (const s of r.skipped) lines.push(`  ${s.name}: skipped, ${s.reason}`);
  }
  lines.push(
    changed === 0 ? "Nothing new to copy: PostgreSQL already holds every row." : `${changed} row(s) written.`,
  );
  return lines;
}

export function registerCopyToPostgresCommand(db: Command, opts: CopyCommandOptions): void {
  db.command("copy-to-postgres")
    .description(
      "Copy every module's embedded database into PostgreSQL (DATABASE_URL or --to): migrates each " +
        "module's schema, copies every table in batches, then vacuums and analyzes it (progress on " +
        "standard error); safe to run again or after an interruption",
    )
    .option("--to <url>", "the PostgreSQL database (default: DATABASE_URL)")
    .option("--batch-size <rows>", "rows per transaction", "2000")
    .action(async (flags: { to?: string; batchSize: string }, cmd: Command) => {
      try {
        const settings = opts.copySettings();
        const url = postgresUrl(flags.to ?? settings.databaseUrl);
        const batchSize = positiveInteger(flags.batchSize);
        // The embedded files, even for modules that DATABASE_URL would otherwise put on PostgreSQL.
        const stores = await opts.getStores({ readOnly: true, embedded: true });
        const reports = await copyToPostgres({
          url,
          batchSize,
          plans: settings.plans,
          progress: printedProgress({ write: (t) => process.stderr.write(t), tty: process.stderr.isTTY }),
          modules: [...stores.entries()].flatMap(([name, entry]) =>
            "store" in entry ? [{ name, store: entry.store }] : [],
          ),
        });
        for (const line of describeReports(reports)) opts.print(line);
      } catch (err) {
        cmd.error(`db copy-to-postgres: ${(err as Error).message}`);
      }
    });
}
