import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import { afterEach, describe, expect, it } from "vitest";
import { registerDbCommands } from "./cli.js";
import { loadSqlJs } from "./journal-codec.mjs";
import { flipBitAt, journalWithRows } from "./journal-fixture.js";
import { createStore, type DurableStore } from "./store.js";
import type { Migration, StoreLogger } from "./types.js";

const quiet: StoreLogger = { info: () => {}, warn: () => {}, error: () => {} };
const migrations: Migration[] = [
  {
    version: 1,
    name: "create_note",
    up: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)",
    down: "DROP TABLE note",
  },
  {
    version: 2,
    name: "add_lang",
    up: "ALTER TABLE note ADD COLUMN lang TEXT",
    down: "ALTER TABLE note DROP COLUMN lang",
  },
];

const dirs: string[] = [];
const stores: DurableStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-cli-"));
  dirs.push(dir);
  for (const name of ["alpha", "beta"]) stores.push(await createStore({ dataDir: dir, name, logger: quiet }));
  const lines: string[] = [];
  const errors: string[] = [];
  const calls: (boolean | undefined)[] = [];
  const program = new Command("chc").exitOverride();
  program.configureOutput({ writeOut: (s) => lines.push(s), writeErr: (s) => errors.push(s) });
  registerDbCommands(program, {
    getStores: async (opts) => {
      calls.push(opts?.readOnly);
      return new Map(stores.map((s) => [s.name, { store: s, migrations }]));
    },
    print: (l) => lines.push(l),
  });
  const run = async (...args: string[]) => {
    lines.length = 0;
    await program.parseAsync(["node", "chc", "db", ...args]);
    return lines.join("\n");
  };
  return { dir, run, errors, calls };
}

describe("db CLI", () => {
  it("upgrade, current, history, downgrade report clearly and change the databases", async () => {
    const { run, calls } = await setup();
    expect(await run("current")).toBe(
      "alpha: revision 0 (latest 2, 2 pending)\nbeta: revision 0 (latest 2, 2 pending)",
    );
    expect(await run("upgrade")).toBe(
      "alpha: upgraded 0 -> 2 (applied 1, 2)\nbeta: upgraded 0 -> 2 (applied 1, 2)",
    );
    expect(await run("upgrade", "--module", "beta")).toBe("beta: already at the latest revision (2)");
    expect(await run("downgrade", "--module", "alpha")).toBe("alpha: reverted 2 add_lang; now at 1");
    expect(await run("current")).toBe(
      "alpha: revision 1 (latest 2, 1 pending)\nbeta: revision 2 (latest 2, up to date)",
    );
    const hist = await run("history", "--module", "alpha");
    expect(hist).toMatch(
      /^alpha:\n {2}\[x\] {4}1 {2}create_note {2}applied \d{4}-\d\d-\d\dT.*\n {2}\[ \] {4}2 {2}add_lang$/,
    );
    expect(stores[0].all("PRAGMA table_info(note)").map((c) => (c as { name: string }).name)).toEqual([
      "id",
      "body",
    ]);
    // Reading commands ask for read-only stores, writing ones for the writer.
    expect(calls).toEqual([true, false, false, false, true, true]);
  });

  it("backs up every module into a folder, or one module into a file", async () => {
    const { dir, run } = await setup();
    await run("upgrade");
    await stores[1].write((tx) => tx.run("INSERT INTO note (body) VALUES ('kept in the copy')"));
    const out = await run("backup", path.join(dir, "bk"));
    expect(out).toMatch(
      /^alpha: backed up to .*bk\/alpha\.sqlite \(\d+\.\d KiB\)\nbeta: backed up to .*bk\/beta\.sqlite/,
    );
    const single = path.join(dir, "one-copy.db");
    expect(await run("backup", single, "--module", "beta")).toMatch(/beta: backed up to .*one-copy\.db/);
    const SQL = await loadSqlJs();
    for (const file of [path.join(dir, "bk", "beta.sqlite"), single]) {
      const db = new SQL.Database(fs.readFileSync(file));
      expect(db.exec("SELECT body FROM note")[0].values).toEqual([["kept in the copy"]]);
      db.close();
    }
  });

  it("refuses to back up a store whose journal is damaged, which would lose the writes after the damage", async () => {
    const fixture = await journalWithRows(6);
    dirs.push(fixture.dir);
    flipBitAt(fixture.journal, fixture.starts[3]);
    const store = await createStore({ dataDir: fixture.dir, name: "t", readOnly: true, logger: quiet });
    stores.push(store);
    expect(store.status().damaged).not.toBeNull();
    const errors: string[] = [];
    const program = new Command("chc").exitOverride();
    program.configureOutput({ writeOut: () => {}, writeErr: (e) => errors.push(e) });
    registerDbCommands(program, {
      getStores: async () => new Map([["t", { store, migrations: [] }]]),
      print: () => {},
    });
    const target = path.join(fixture.dir, "bk");
    await expect(program.parseAsync(["node", "chc", "db", "backup", target])).rejects.toThrow();
    expect(errors.join("")).toMatch(
      /a journal is damaged, so a backup would hold only the writes before the damage:\n {2}t: /,
    );
    expect(errors.join("")).toContain("chc db repair --module <name>");
    expect(fs.existsSync(target)).toBe(false);
  });

  it("refuses to restore beside a damaged journal an earlier store set aside", async () => {
    const { dir, run, errors } = await setup();
    await run("upgrade");
    await run("backup", path.join(dir, "bk"));
    const into = path.join(dir, "fresh");
    fs.mkdirSync(into);
    fs.writeFileSync(path.join(into, "alpha.journal.damaged"), "old records");
    const program = new Command("chc").exitOverride();
    program.configureOutput({ writeOut: () => {}, writeErr: (e) => errors.push(e) });
    registerDbCommands(program, {
      getStores: async () => new Map(),
      locateStores: () => ({ dataDir: into, names: ["alpha", "beta"] }),
      print: () => {},
    });
    await expect(
      program.parseAsync(["node", "chc", "db", "restore", path.join(dir, "bk")]),
    ).rejects.toThrow();
    expect(errors.join("")).toMatch(
      /alpha\.journal\.damaged already exists in .*fresh; restore into a data folder without/,
    );
    expect(fs.existsSync(path.join(into, "alpha.sqlite"))).toBe(false);
  });

  it("rejects an unknown module and a downgrade without --module", async () => {
    const { run, errors } = await setup();
    await expect(run("current", "--module", "gamma")).rejects.toThrow();
    expect(errors.join("")).toMatch(/unknown module "gamma"; known modules: alpha, beta/);
    await expect(run("downgrade")).rejects.toThrow(/--module/);
  });

  it("describes every command in --help", async () => {
    const program = new Command("chc").exitOverride();
    let text = "";
    program.configureOutput({ writeOut: (s) => (text += s) });
    registerDbCommands(program, { getStores: async () => new Map() });
    await expect(program.parseAsync(["node", "chc", "db", "--help"])).rejects.toThrow();
    for (const name of ["upgrade", "downgrade", "current", "history", "backup"]) {
      expect(text).toMatch(new RegExp(`\\n  ${name}\\b.* {2,}\\w+`));
    }
    expect(text).toMatch(/Apply every pending revision/);
    text = "";
    await expect(program.parseAsync(["node", "chc", "db", "backup", "--help"])).rejects.toThrow();
    expect(text).toMatch(/consistent copy/);
    expect(text).toMatch(/--module <name>/);
  });
});
