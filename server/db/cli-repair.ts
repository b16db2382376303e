/**
 * `chc db repair --module m [--yes] [--keep-later | --stop-at-gap]`: for a journal damaged or
 * missing records (see repair.ts). Shows which records would be kept and which lost, and changes
 * nothing unless --yes is given; when records are missing with others after them, --yes also
 * needs the operator's choice. Takes the module's writer lock, so it refuses while the server runs.
 */
import type { Command } from "commander";
import { acquireLock, releaseLock, StoreLockedError } from "./lock.js";
import { storePaths } from "./paths.js";
import { applyRepair, describePlan, needsChoice, planRepair } from "./repair.js";

export interface StoreLocation {
  dataDir: string;
  /** The modules whose stores live there. */
  names: string[];
}

export function registerRepairCommand(
  db: Command,
  locate: (() => StoreLocation) | undefined,
  print: (line: string) => void,
): void {
  db.command("repair")
    .description(
      "Rebuild a module's database whose journal is damaged or misses records: shows which records would be " +
        "kept and which lost, and applies it only with --yes (stop the server first)",
    )
    .requiredOption("--module <name>", "the module to repair")
    .option("--yes", "apply the repair shown")
    .option("--keep-later", "when records are missing: keep the records after the gap that still apply")
    .option("--stop-at-gap", "keep only the records before the first missing or damaged one")
    .action(async (opts: RepairFlags, cmd: Command) => {
      try {
        if (!locate) throw new Error("this program does not say where the databases are");
        if (opts.keepLater && opts.stopAtGap) throw new Error("choose either --keep-later or --stop-at-gap");
        const { dataDir, names } = locate();
        if (!names.includes(opts.module))
          throw new Error(`unknown module "${opts.module}"; known modules: ${names.join(", ")}`);
        await repair(storePaths(dataDir, opts.module), opts, print);
      } catch (err) {
        cmd.error(`db repair: ${(err as Error).message}`);
      }
    });
}

interface RepairFlags {
  module: string;
  yes?: boolean;
  keepLater?: boolean;
  stopAtGap?: boolean;
}

async function repair(
  paths: ReturnType<typeof storePaths>,
  opts: RepairFlags,
  print: (line: string) => void,
) {
  let locked: boolean;
  try {
    locked = await acquireLock(paths.lock);
  } catch (err) {
    if (err instanceof StoreLockedError) throw new Error(`stop the server first: ${err.message}`);
    throw err;
  }
  if (!locked) throw new Error(`${paths.dir} cannot be written: the writer lock cannot be created`);
  try {
    const plan = await planRepair(paths, { stopAtGap: opts.stopAtGap === true });
    if (!plan) {
      print(`${paths.name}: no journal is damaged; nothing to repair`);
      return;
    }
    const choosing = needsChoice(plan);
    // Shown beside the full plan, so the operator sees what each choice keeps.
    const stopped = choosing && !opts.stopAtGap ? await planRepair(paths, { stopAtGap: true }) : null;
    stopped?.db.close();
    for (const line of describePlan(paths.name, plan, stopped ?? undefined)) print(line);
    const unchosen = choosing && !opts.keepLater && !opts.stopAtGap;
    if (!opts.yes || unchosen) {
      plan.db.close();
      if (opts.yes)
        throw new Error("records are missing: choose --keep-later or --stop-at-gap (nothing was changed)");
      print(
        unchosen
          ? `${paths.name}: nothing was changed; run again with --yes and either --keep-later or --stop-at-gap`
          : `${paths.name}: nothing was changed; run again with --yes to rebuild the database from the kept records`,
      );
      return;
    }
    const keptAs = applyRepair(paths, plan);
    print(
      `${paths.name}: repaired; the server can be started again. The damaged journal is kept as ${keptAs.join(", ")}`,
    );
  } finally {
    releaseLock(paths.lock);
  }
}
