/**
 * Several real processes race to take over a stale writer lock, the one a holder killed with
 * SIGKILL leaves behind: in every round exactly one of them gets it, and the others name the
 * process that holds it. Each round puts the dead holder's lock file back, so the same
 * contenders race again many times.
 */
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const contender = path.join(here, "lock-contender.ts");
const ROUNDS = 150;
const CONTENDERS = 3;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-race-"));
const lockFile = path.join(dir, "t.lock");
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

type Reply = { ready?: boolean; held?: boolean; error?: string; released?: boolean };

function spawnContender(): Promise<ChildProcess> {
  const args = nodeArgsFor(contender);
  const child = fork(args.at(-1)!, [], {
    execArgv: args.slice(0, -1),
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`contender exited (${code}) before it was ready`)));
  });
}

function reply(child: ChildProcess): Promise<Reply> {
  return new Promise((resolve) => child.once("message", (m) => resolve(m as Reply)));
}

async function race(pool: ChildProcess[], go: string, jitterUs: number): Promise<Reply[]> {
  const replies = pool.map(reply);
  for (const child of pool) child.send({ op: "race", file: lockFile, go, delayUs: Math.random() * jitterUs });
  await new Promise((r) => setTimeout(r, 20));
  fs.writeFileSync(go, "");
  return Promise.all(replies);
}

it(`exactly one of ${CONTENDERS} processes takes over a stale lock, ${ROUNDS} rounds`, async () => {
  // A holder killed with SIGKILL: the lock file it leaves names a dead process.
  const holder = await spawnContender();
  expect((await race([holder], path.join(dir, "go-first"), 0))[0].held).toBe(true);
  await new Promise<void>((resolve) => {
    holder.once("exit", () => resolve());
    holder.kill("SIGKILL");
  });
  const staleLock = fs.readFileSync(lockFile);

  const pool = await Promise.all(Array.from({ length: CONTENDERS }, spawnContender));
  const winnersPerRound: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    fs.writeFileSync(lockFile, staleLock);
    // Up to 100 µs apart, differently each round: the steps of the takeovers interleave.
    const outcomes = await race(pool, path.join(dir, `go-${round}`), 100);
    const winners = pool.filter((_, i) => outcomes[i].held);
    winnersPerRound.push(winners.length);
    for (const o of outcomes) {
      if (!o.held)
        expect(o.error, `round ${round}: a loser names the holder`).toMatch(/in use by process \d+/);
    }
    await Promise.all(
      winners.map((w) => {
        const released = reply(w);
        w.send({ op: "release", file: lockFile });
        return released;
      }),
    );
  }
  expect(winnersPerRound.filter((n) => n !== 1)).toEqual([]);
  expect(fs.readdirSync(dir).filter((f) => f.startsWith("t.lock"))).toEqual([]);
}, 120_000);
