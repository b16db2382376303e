/**
 * The real server killed with SIGKILL while a checkpoint is running: the journal was just rotated
 * (`directory.journal.ckpt` exists) or the worker is writing the new database file
 * (`directory.sqlite.tmp` exists). Partners keep creating services meanwhile; after every restart
 * each acknowledged (201) one is there and the interrupted checkpoint is finished.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { killAllServers, killed, serviceInput, startServerProcess } from "../helpers/crash/server-process.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";

const TRIALS = 6;
const WRITERS = 4;
const ACKED_IN_TRIAL = { timeout: 60_000, interval: 20 };
// Checkpoint every few writes.
const env = { CHECKPOINT_JOURNAL_BYTES: "16384", CHECKPOINT_INTERVAL_MS: "1000" };
let dataDir = "";

afterAll(() => {
  killAllServers();
  if (dataDir) rmDir();
});
const rmDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

/** Resolves true as soon as `file` exists, false after `ms`; polls without pausing the writers. */
function appears(file: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  return new Promise((resolve) => {
    const poll = () => {
      if (fs.existsSync(file)) resolve(true);
      else if (Date.now() > deadline) resolve(false);
      else setImmediate(poll);
    };
    poll();
  });
}

it(`keeps every acknowledged write across ${TRIALS} kill -9 during checkpoints`, async () => {
  dataDir = await prepareDirectoryData();
  const ckpt = path.join(dataDir, "directory.journal.ckpt");
  const tmp = path.join(dataDir, "directory.sqlite.tmp");
  const acknowledged: string[] = [];
  let seq = 0;
  let killedMidCheckpoint = 0;
  let token: string | undefined;
  for (let trial = 0; trial < TRIALS; trial++) {
    const { proc, url } = await startServerProcess(dataDir, env);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    for (const id of acknowledged) {
      expect((await fetch(`${url}/api/v1/services/${id}`)).status, `${id} after restart ${trial}`).toBe(200);
    }
    // One sign-in for the whole run (a hash is slow on purpose); the session itself was an
    // acknowledged write, so it must survive every kill -9 too.
    token ??= await bearer(url, ACCOUNTS.partnerA);
    const input = await serviceInput(url, "partners-in-mission-food-bank");
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const n = seq++;
        try {
          const res = await fetch(`${url}/api/v1/services`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ ...input, name: { en: `Checkpoint pantry ${n}`, fr: `Comptoir ${n}` } }),
          });
          if (res.status === 201) acknowledged.push((await res.json()).data.id);
          else await res.text();
        } catch {
          return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    // Writes of this trial are acknowledged before the kill is aimed: on a busy machine a POST can
    // take longer than the 1 s checkpoint interval, and the kill then landed before any write.
    const ackedBefore = acknowledged.length;
    await expect.poll(() => acknowledged.length - ackedBefore, ACKED_IN_TRIAL).toBeGreaterThanOrEqual(2);
    // Alternate the moment: just after the rotation, or while the new file is being written.
    const seen = await appears(trial % 2 === 0 ? ckpt : tmp, 30_000);
    expect(seen, `trial ${trial}: no checkpoint started`).toBe(true);
    await killed(proc);
    stop = true;
    await Promise.all(writers);
    if (fs.existsSync(ckpt)) killedMidCheckpoint++;
  }
  const { proc, url } = await startServerProcess(dataDir, env);
  for (const id of acknowledged) expect((await fetch(`${url}/api/v1/services/${id}`)).status).toBe(200);
  // The checkpoint interrupted last is folded in again by the next one.
  await fetch(`${url}/api/health`);
  expect(killedMidCheckpoint, "kills that landed inside a checkpoint").toBeGreaterThanOrEqual(TRIALS / 2);
  expect(acknowledged.length).toBeGreaterThan(TRIALS);
  await killed(proc);
}, 300_000);
