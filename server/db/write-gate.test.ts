/** The write gate at the store: what a request's time limit may still stop, and what it may not. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { quietLogger } from "./journal-fixture.js";
import { createStore, type DurableStore } from "./store.js";
import { WriteGate, withWriteGate } from "./write-gate.js";

let dir = "";
let store: DurableStore | undefined;
afterEach(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openStore() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "write-gate-"));
  store = await createStore({ dataDir: dir, name: "t", logger: quietLogger });
  await store.write((tx) => tx.run("CREATE TABLE r (k TEXT)"));
  return store;
}
const keys = (s: DurableStore) => s.all<{ k: string }>("SELECT k FROM r ORDER BY rowid").map((r) => r.k);

it("a write still waiting in the queue when its request times out is refused, not applied", async () => {
  const s = await openStore();
  const gate = new WriteGate();
  const first = s.write((tx) => tx.run("INSERT INTO r VALUES ('other request')"));
  const queued = withWriteGate(gate, () => s.write((tx) => tx.run("INSERT INTO r VALUES ('timed out')")));
  expect(gate.expire()).toBe(true);
  await first;
  await expect(queued).rejects.toThrow(/before its t write began; nothing was written/);
  expect(keys(s)).toEqual(["other request"]);
});

it("once a request's write has begun, its time limit can no longer answer for it", async () => {
  const s = await openStore();
  const gate = new WriteGate();
  let began = () => {};
  const beginning = new Promise<void>((r) => {
    began = r;
  });
  const write = withWriteGate(gate, () =>
    s.write((tx) => {
      began();
      tx.run("INSERT INTO r VALUES ('committing')");
    }),
  );
  await beginning;
  expect(gate.expire()).toBe(false);
  await write;
  // Its later writes still go through: the handler answers with the real outcome.
  await withWriteGate(gate, () => s.write((tx) => tx.run("INSERT INTO r VALUES ('second')")));
  expect(keys(s)).toEqual(["committing", "second"]);
});
