// The two ways a checkpoint folds (checkpoint.ts): a worker thread for a large store, this thread
// for a small one. Both must write the same file and refuse the same damaged journal.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CheckpointError,
  foldsOnThisThread,
  IN_THREAD_FOLD_BYTES,
  runCheckpoint,
  type WorkerJob,
} from "./checkpoint.js";
import { flipBitAt, journalWithRows, quietLogger } from "./journal-fixture.js";
import { createStore } from "./store.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const IN_A_WORKER = 0;
const ON_THIS_THREAD = Number.POSITIVE_INFINITY;

function jobIn(dir: string, out: string): WorkerJob {
  return {
    dbFile: path.join(dir, "t.sqlite"),
    journals: [path.join(dir, "t.journal")],
    outFile: path.join(dir, `${out}.sqlite`),
    tmpFile: path.join(dir, `${out}.tmp`),
  };
}

describe("folding a journal", () => {
  it("writes the same database file in a worker as on this thread", async () => {
    const { dir } = await journalWithRows(20);
    dirs.push(dir);
    const worker = await runCheckpoint(jobIn(dir, "by-worker"), IN_A_WORKER);
    const thread = await runCheckpoint(jobIn(dir, "by-thread"), ON_THIS_THREAD);
    expect(worker.lastSeq).toBe(21);
    expect(thread).toEqual(worker);
    const byWorker = fs.readFileSync(path.join(dir, "by-worker.sqlite"));
    expect(fs.readFileSync(path.join(dir, "by-thread.sqlite")).equals(byWorker)).toBe(true);
    expect(fs.existsSync(path.join(dir, "by-thread.tmp"))).toBe(false);
    // The result opens as the store with every row and its last sequence number.
    fs.copyFileSync(path.join(dir, "by-thread.sqlite"), path.join(dir, "t.sqlite"));
    fs.writeFileSync(path.join(dir, "t.journal"), "");
    const store = await createStore({ dataDir: dir, name: "t", logger: quietLogger });
    expect(store.get<{ n: number }>("SELECT count(*) AS n FROM r")?.n).toBe(20);
    expect(store.get<{ value: number }>("SELECT value FROM _store_meta WHERE key = 'last_seq'")?.value).toBe(
      21,
    );
    await store.close({ checkpoint: false });
  });

  it("refuses a journal damaged in the middle the same way in both, writing nothing", async () => {
    const { dir, journal, starts } = await journalWithRows(6);
    dirs.push(dir);
    flipBitAt(journal, starts[3]!);
    const failures = [];
    for (const [out, where] of [
      ["by-worker", IN_A_WORKER],
      ["by-thread", ON_THIS_THREAD],
    ] as const) {
      const error = await runCheckpoint(jobIn(dir, out), where).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(CheckpointError);
      expect(fs.existsSync(path.join(dir, `${out}.sqlite`))).toBe(false);
      failures.push((error as CheckpointError).message);
    }
    expect(failures[0]).toMatch(/damaged at byte \d+ with \d+ intact records after it; not folded/);
    expect(failures[1]).toBe(failures[0]);
  });

  it("folds on this thread only up to the threshold, counting the file and the journals", async () => {
    const { dir } = await journalWithRows(3);
    dirs.push(dir);
    const job = jobIn(dir, "out");
    const journalBytes = fs.statSync(job.journals[0]!).size;
    expect(foldsOnThisThread(job)).toBe(true);
    expect(foldsOnThisThread(job, journalBytes)).toBe(true);
    expect(foldsOnThisThread(job, journalBytes - 1)).toBe(false);
    fs.writeFileSync(job.dbFile, Buffer.alloc(IN_THREAD_FOLD_BYTES));
    expect(foldsOnThisThread(job)).toBe(false);
  });
});
