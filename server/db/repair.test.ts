/**
 * `db repair` after a journal damaged in the middle: it shows what would be kept and lost and
 * changes nothing without --yes; with --yes the store opens again with every record that could be
 * kept, the damaged journal is still there under a dated name, and writes work.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Command } from "commander";
import { afterEach, describe, expect, it } from "vitest";
import { registerDbCommands } from "./cli.js";
import {
  cutRecords,
  flipBitAt,
  journalWithRows,
  olderDatabaseBesideJournal,
  quietLogger,
} from "./journal-fixture.js";
import { createStore, type DurableStore } from "./store.js";

const dirs: string[] = [];
const open: DurableStore[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function openStore(dir: string) {
  const store = await createStore({ dataDir: dir, name: "t", logger: quietLogger });
  open.push(store);
  return store;
}

async function closeAll() {
  for (const s of open.splice(0)) await s.close();
}

const rows = (s: DurableStore) => s.all<{ k: string }>("SELECT k FROM r ORDER BY rowid").map((x) => x.k);

function cli(dir: string) {
  const lines: string[] = [];
  const errors: string[] = [];
  const program = new Command("chc").exitOverride();
  program.configureOutput({ writeOut: (s) => lines.push(s), writeErr: (s) => errors.push(s) });
  registerDbCommands(program, {
    getStores: async () => new Map(),
    print: (l) => lines.push(l),
    locateStores: () => ({ dataDir: dir, names: ["t"] }),
  });
  return async (...args: string[]) => {
    lines.length = 0;
    errors.length = 0;
    await program.parseAsync(["node", "chc", "db", "repair", "--module", "t", ...args]).catch(() => {});
    return { out: lines.join("\n"), err: errors.join("\n") };
  };
}

/** A damaged journal that a store has already opened once (and so set aside). */
async function damagedStore(n: number, k: number) {
  const fixture = await journalWithRows(n);
  dirs.push(fixture.dir);
  const damagedBytes = flipBitAt(fixture.journal, fixture.starts[k - 1]);
  await openStore(fixture.dir);
  await closeAll();
  return { ...fixture, damagedBytes };
}

const snapshot = (dir: string) =>
  Object.fromEntries(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f)).toString("hex")]));

describe("db repair", () => {
  it("one bit in record 6 of 21: shows 20 kept and 1 lost, then keeps them with --yes", async () => {
    const { dir, damagedBytes } = await damagedStore(20, 6);
    const repair = cli(dir);
    const before = snapshot(dir);

    const dry = await repair();
    expect(dry.out).toContain("t.journal.damaged is damaged at bytes");
    expect(dry.out).toContain("kept: 20 records (1–5, 7–21)");
    expect(dry.out).toContain("lost: 1 records:\n  6: damaged");
    expect(dry.out).toContain("nothing was changed; run again with --yes");
    expect(snapshot(dir)).toEqual(before);

    const done = await repair("--yes");
    expect(done.err).toBe("");
    expect(done.out).toMatch(/repaired; .* kept as t\.journal\.damaged\.\d{8}T\d{6}Z/);
    const kept = fs.readdirSync(dir).filter((f) => /^t\.journal\.damaged\.\d{8}T\d{6}Z$/.test(f));
    expect(kept).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, kept[0])).equals(damagedBytes)).toBe(true);

    const store = await openStore(dir);
    expect(store.status().damaged).toBeNull();
    expect(rows(store)).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`).filter((k) => k !== "r4"));
    await store.write((tx) => tx.run("INSERT INTO r VALUES ('after')"));
    await closeAll();
    expect(rows(await openStore(dir))).toContain("after");
    await closeAll();
    expect((await repair()).out).toContain("no journal is damaged; nothing to repair");
  });

  it("one bit in record 1 (the table): the records after it cannot be applied and are shown lost", async () => {
    const { dir } = await damagedStore(20, 1);
    const dry = await cli(dir)();
    expect(dry.out).toContain("kept: 0 records (none)");
    expect(dry.out).toContain("lost: 21 records:");
    expect(dry.out).toContain("  1: damaged");
    expect(dry.out).toContain("  2–21: cannot be applied without the lost records (no such table: r)");
  });

  it("damage in a rotated journal (a checkpoint was interrupted) keeps the newer journal's records", async () => {
    const { dir, journal, starts } = await journalWithRows(10);
    dirs.push(dir);
    // As if a checkpoint rotated the journal and the process died before folding it in.
    fs.renameSync(journal, path.join(dir, "t.journal.ckpt"));
    const store = await openStore(dir);
    await store.write((tx) => tx.run("INSERT INTO r VALUES ('newer')"));
    await store.close({ checkpoint: false });
    open.length = 0;
    flipBitAt(path.join(dir, "t.journal.ckpt"), starts[2]);

    const damaged = await openStore(dir);
    expect(rows(damaged)).toEqual(["r0"]);
    expect(damaged.status().damaged).toContain("t.journal.ckpt.damaged");
    await closeAll();

    const done = await cli(dir)("--yes");
    expect(done.out).toContain("kept: 11 records (1–2, 4–12)");
    expect(rows(await openStore(dir))).toEqual([
      "r0",
      "r2",
      "r3",
      "r4",
      "r5",
      "r6",
      "r7",
      "r8",
      "r9",
      "newer",
    ]);
  });

  it("refuses while another process (the server) holds the database", async () => {
    const { dir } = await damagedStore(5, 3);
    const server = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      const stat = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8");
      const started = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
      fs.writeFileSync(path.join(dir, "t.lock"), `${server.pid} ${started}\n`);
      const res = await cli(dir)("--yes");
      expect(res.err).toContain(`stop the server first: the database is in use by process ${server.pid}`);
      expect(fs.existsSync(path.join(dir, "t.journal.damaged"))).toBe(true);
    } finally {
      server.kill("SIGKILL");
    }
  });
});

describe("db repair of a journal missing records", () => {
  it("record 6 of 21 cut out: shows the gap and both choices, refuses --yes alone, keeps r0–r3 with --stop-at-gap", async () => {
    const { dir, journal, starts } = await journalWithRows(20);
    dirs.push(dir);
    cutRecords(journal, starts[5], starts[6]);
    await openStore(dir);
    await closeAll();
    const repair = cli(dir);
    const before = snapshot(dir);

    const dry = await repair();
    expect(dry.out).toContain(
      `t: record 6 is missing from t.journal.damaged: record 7 follows record 5 at byte ${starts[5]}`,
    );
    expect(dry.out).not.toContain("is damaged at");
    expect(dry.out).toContain("kept: 20 records (1–5, 7–21)");
    expect(dry.out).toContain("lost: 1 records:\n  6: missing");
    expect(dry.out).toContain("--keep-later keeps the records above");
    expect(dry.out).toContain("--stop-at-gap keeps only records up to 5 (5 kept, 16 lost)");
    expect(dry.out).toContain("run again with --yes and either --keep-later or --stop-at-gap");

    const unchosen = await repair("--yes");
    expect(unchosen.err).toContain("records are missing: choose --keep-later or --stop-at-gap");
    expect(snapshot(dir)).toEqual(before);
    expect((await repair("--yes", "--keep-later", "--stop-at-gap")).err).toContain("choose either");

    const done = await repair("--yes", "--stop-at-gap");
    expect(done.err).toBe("");
    expect(done.out).toContain(
      "lost: 16 records:\n  6: missing\n  7–21: after the first lost record; left out",
    );
    const store = await openStore(dir);
    expect(rows(store)).toEqual(["r0", "r1", "r2", "r3"]);
    expect(store.status().damaged).toBeNull();
    // Sequence numbers go on after every record the journals held: no new record takes an old one's.
    await store.write((tx) => tx.run("INSERT INTO r VALUES ('after')"));
    await closeAll();
    expect(rows(await openStore(dir))).toEqual(["r0", "r1", "r2", "r3", "after"]);
  });

  it("an older database file beside a newer journal: shows where the journal begins; --keep-later applies it", async () => {
    const { dir } = await olderDatabaseBesideJournal();
    dirs.push(dir);
    const repair = cli(dir);
    const dry = await repair();
    expect(dry.out).toContain(
      "t: records 7–11 are missing: the database file holds records up to 6 and t.journal begins at record 12",
    );
    expect(dry.out).toContain("--stop-at-gap keeps only records up to 6 (0 kept, 10 lost)");
    const done = await repair("--yes", "--keep-later");
    expect(done.err).toBe("");
    expect(done.out).toContain("kept: 5 records (12–16)");
    expect(rows(await openStore(dir))).toEqual([
      "r0",
      "r1",
      "r2",
      "r3",
      "r4",
      "r10",
      "r11",
      "r12",
      "r13",
      "r14",
    ]);
  });
});
