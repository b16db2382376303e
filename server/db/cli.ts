/**
 * `chc db …`: schema revisions and backups of every module's database.
 *   db upgrade [--module m]     apply pending revisions (each in its own transaction)
 *   db downgrade --module m     revert the latest applied revision of one module
 *   db current [--module m]     applied revision vs the latest known
 *   db history [--module m]     every revision, applied or not
 *   db backup <target> [--module m] [--without-warcs]  databases and WARC files (cli-backup.ts)
 *   db restore <backup>              put a backup into an empty DATA_DIR (cli-backup.ts)
 *   db repair --module m [--yes]     rebuild after a journal damaged in the middle (cli-repair.ts)
 *   db copy-to-postgres [--to url]   copy every module into PostgreSQL (copy-to-postgres-cli.ts)
 * Reading commands ask `getStores({ readOnly: true })`: a read-only store takes no lock and
 * reads a consistent snapshot, so they work beside a running server. With DATABASE_URL, the
 * revision commands act on each module's PostgreSQL schema instead (cli-revisions.ts).
 */
import type { Command } from "commander";
import { registerBackupCommands } from "./cli-backup.js";
import { registerRepairCommand, type StoreLocation } from "./cli-repair.js";
import { type DbStoreEntry, revisionsOf } from "./cli-revisions.js";
import { type CopySettings, registerCopyToPostgresCommand } from "./copy-to-postgres-cli.js";

export type { DbStoreEntry } from "./cli-revisions.js";

export interface DbCommandOptions {
  /**
   * Opens the module databases. `readOnly: true` may return snapshots that take no writer lock;
   * `embedded: true` opens every module's sql.js file even when DATABASE_URL is set (to copy it).
   */
  getStores: (opts?: { readOnly?: boolean; embedded?: boolean }) => Promise<Map<string, DbStoreEntry>>;
  /** Where lines go (stdout by default). */
  print?: (line: string) => void;
  /** Where the stores live, for `db repair` (which works on the files, with the server stopped). */
  locateStores?: () => StoreLocation;
  /** DATABASE_URL and each module's copy plan, for `db copy-to-postgres` (without: it refuses to run). */
  copySettings?: CopySettings;
}

const noCopyPlans: CopySettings = () => {
  throw new Error("no module copy plans were given to this command line");
};

function select(stores: Map<string, DbStoreEntry>, module: string | undefined): [string, DbStoreEntry][] {
  if (module === undefined) return [...stores.entries()];
  const entry = stores.get(module);
  if (!entry)
    throw new Error(
      `unknown module "${module}"; known modules: ${[...stores.keys()].join(", ") || "(none)"}`,
    );
  return [[module, entry]];
}

export function registerDbCommands(program: Command, opts: DbCommandOptions): Command {
  const print = opts.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const db = program
    .command("db")
    .description("Manage each module's database: schema revisions, backups and repair");

  const run =
    (
      readOnly: boolean,
      body: (
        entries: [string, DbStoreEntry][],
        module: string | undefined,
        ...args: never[]
      ) => Promise<void>,
    ) =>
    async (...args: unknown[]) => {
      const cmd = args[args.length - 1] as Command;
      const { module } = cmd.opts<{ module?: string }>();
      try {
        const entries = select(await opts.getStores({ readOnly }), module);
        await body(entries, module, ...(args.slice(0, -2) as never[]));
      } catch (err) {
        cmd.error(`db ${cmd.name()}: ${(err as Error).message}`);
      }
    };

  db.command("upgrade")
    .description("Apply every pending revision, in order, to all modules (or to --module)")
    .option("--module <name>", "only this module")
    .action(
      run(false, async (entries) => {
        for (const [name, entry] of entries) {
          const revisions = revisionsOf(entry);
          const from = await revisions.current();
          const applied = await revisions.upgrade();
          if (applied.length === 0) print(`${name}: already at the latest revision (${from})`);
          else
            print(
              `${name}: upgraded ${from} -> ${await revisions.current()} (applied ${applied.join(", ")})`,
            );
        }
      }),
    );

  db.command("downgrade")
    .description("Revert the latest applied revision of one module (runs its down step)")
    .requiredOption("--module <name>", "the module to downgrade")
    .action(
      run(false, async (entries) => {
        for (const [name, entry] of entries) {
          const revisions = revisionsOf(entry);
          const reverted = await revisions.downgrade();
          if (!reverted) print(`${name}: no revision is applied; nothing to downgrade`);
          else
            print(
              `${name}: reverted ${reverted.version} ${reverted.name}; now at ${await revisions.current()}`,
            );
        }
      }),
    );

  db.command("current")
    .description("Show each module's applied revision and the latest one this code knows")
    .option("--module <name>", "only this module")
    .action(
      run(true, async (entries) => {
        for (const [name, entry] of entries) {
          const revisions = revisionsOf(entry);
          const cur = await revisions.current();
          const last = revisions.latest;
          const note =
            cur === last ? "up to date" : cur < last ? `${last - cur} pending` : "newer than this code";
          print(`${name}: revision ${cur} (latest ${last}, ${note})`);
        }
      }),
    );

  db.command("history")
    .description("List every revision of each module with whether and when it was applied")
    .option("--module <name>", "only this module")
    .action(
      run(true, async (entries) => {
        for (const [name, entry] of entries) {
          print(`${name}:`);
          for (const s of await revisionsOf(entry).history()) {
            const mark = s.applied ? "[x]" : "[ ]";
            const when = s.appliedAt ? `  applied ${s.appliedAt}` : "";
            print(
              `  ${mark} ${String(s.version).padStart(4)}  ${s.name}${when}${s.unknown ? "  (unknown to this code)" : ""}`,
            );
          }
        }
      }),
    );

  registerBackupCommands(db, { getStores: opts.getStores, locate: opts.locateStores, print });
  registerRepairCommand(db, opts.locateStores, print);
  registerCopyToPostgresCommand(db, {
    getStores: opts.getStores,
    copySettings: opts.copySettings ?? noCopyPlans,
    print,
  });
  return db;
}
