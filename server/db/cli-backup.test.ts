/**
 * `chc db backup` never replaces what is already at its target: a folder holding another data
 * folder's databases or an older backup, or a file that is not empty, is refused by name with a
 * non-zero exit, and nothing in it changes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import { afterEach, describe, expect, it } from "vitest";
import { registerBackupCommands } from "./cli-backup.js";
import type { DbStoreEntry } from "./cli-revisions.js";
import { createStore, type DurableStore } from "./store.js";
import type { StoreLogger } from "./types.js";

const quiet: StoreLogger = { info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
const stores: DurableStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-backup-"));
  dirs.push(dir);
  return dir;
};

/** `db backup <args>` on one store named "directory"; the error commander would exit with, if any. */
async function runBackup(...args: string[]): Promise<{ error: string | null; lines: string[] }> {
  const store = await createStore({ dataDir: tempDir(), name: "directory", logger: quiet });
  stores.push(store);
  await store.write((tx) => tx.run("CREATE TABLE t (i INTEGER)"));
  const lines: string[] = [];
  const program = new Command().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  const db = program.command("db").exitOverride();
  registerBackupCommands(db, {
    getStores: async () => new Map<string, DbStoreEntry>([["directory", { store, migrations: [] }]]),
    print: (line) => lines.push(line),
  });
  for (const c of db.commands) c.exitOverride().configureOutput({ writeErr: () => {} });
  try {
    await program.parseAsync(["node", "chc", "db", "backup", ...args]);
    return { error: null, lines };
  } catch (err) {
    const e = err as { exitCode?: number; message: string };
    expect(e.exitCode).not.toBe(0);
    return { error: e.message, lines };
  }
}

const snapshot = (dir: string) =>
  Object.fromEntries(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f)).toString("hex")]));

describe("db backup's target", () => {
  it("refuses a folder that is not empty, naming it, and writes nothing into it", async () => {
    const other = tempDir();
    fs.writeFileSync(path.join(other, "directory.sqlite"), "another data folder's database");
    fs.writeFileSync(path.join(other, "backup-manifest.json"), "{}");
    const before = snapshot(other);
    const { error, lines } = await runBackup(other);
    expect(error).toEqual(expect.stringContaining(`db backup: ${other} already exists and is not empty`));
    expect(error).toContain("nothing was written");
    expect(lines).toEqual([]);
    expect(snapshot(other)).toEqual(before);
  });

  it("refuses a file that is not empty with --module", async () => {
    const file = path.join(tempDir(), "older.sqlite");
    fs.writeFileSync(file, "an older backup");
    const { error } = await runBackup(file, "--module", "directory");
    expect(error).toEqual(expect.stringContaining(`${file} already exists and is not empty`));
    expect(fs.readFileSync(file, "utf8")).toBe("an older backup");
  });

  it("writes into a folder that does not exist yet, or an empty one", async () => {
    for (const target of [path.join(tempDir(), "new"), tempDir()]) {
      const { error } = await runBackup(target);
      expect(error).toBeNull();
      expect(fs.readdirSync(target).sort()).toEqual(["backup-manifest.json", "directory.sqlite"]);
    }
  });
});
