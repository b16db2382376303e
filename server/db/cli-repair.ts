/**
 * `chc db repair --module m [--yes]`: for a journal damaged in the middle (see repair.ts). Shows
 * which records would be kept and which lost, and changes nothing unless --yes is given. Takes
 * the module's writer lock, so it refuses while the server runs.
 */
import type { Command } from "commander";
import { acquireLock, releaseLock, StoreLockedError } from "./lock.js";
import { storePaths } from "./paths.js";
import { applyRepair, describePlan, planRepair } from "./repair.js";

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
      "Rebuild a module's database whose journal is damaged in the middle: shows which records would be " +
        "kept and which lost, and applies it only with --yes (stop the server first)",
    )
    .requiredOption("--module <name>", "the module to repair")
    .option("--yes", "apply the repair shown")
    .action(async (opts: { module: string; yes?: boolean }, cmd: Command) => {
      try {
        if (!locate) throw new Error("this program does not say where the databases are");
        const { dataDir, names } = locate();
        if (!names.includes(opts.module))
          throw new Error(`unknown module "${opts.module}"; known modules: ${names.join(", ")}`);
        await repair(storePaths(dataDir, opts.module), opts.yes === true, print);
      } catch (err) {
        cmd.error(`db repair: ${(err as Error).message}`);
      }
    });
}

async function repair(paths: ReturnType<typeof storePaths>, apply: boolean, print: (line: string) => void) {
  let locked: boolean;
  try {
    locked = await acquireLock(paths.lock);
  } catch (err) {
    if (err instanceof StoreLockedError) throw new Error(`stop the server first: ${err.message}`);
    throw err;
  }
  if (!locked) throw new Error(`${paths.dir} cannot be written: the writer lock cannot be created`);
  try {
    const plan = await planRepair(paths);
    if (!plan) {
      print(`${paths.name}: no journal is damaged; nothing to repair`);
      return;
    }
    for (const line of describePlan(paths.name, plan)) print(line);
    if (!apply) {
      plan.db.close();
      print(
        `${paths.name}: nothing was changed; run again with --yes to rebuild the database from the kept records`,
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
