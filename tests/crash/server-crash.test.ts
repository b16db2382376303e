/**
 * The real server killed with SIGKILL at random moments while partners create services through
 * the directory API: after every restart each acknowledged (201) write is there, the databases
 * open and the health check passes.
 */
import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { killAllServers, killed, serviceInput, startServerProcess } from "../helpers/crash/server-process.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";

const TRIALS = 12;
const WRITERS = 6;
let dataDir = "";

afterAll(() => {
  killAllServers();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it(`keeps every acknowledged write across ${TRIALS} kill -9 of the real server`, async () => {
  dataDir = await prepareDirectoryData();
  const acknowledged: string[] = [];
  let seq = 0;
  let token: string | undefined;
  for (let trial = 0; trial < TRIALS; trial++) {
    const { proc, url } = await startServerProcess(dataDir);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    for (const id of acknowledged) {
      const res = await fetch(`${url}/api/v1/services/${id}`);
      expect(res.status, `acknowledged service ${id} after restart ${trial}`).toBe(200);
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
            body: JSON.stringify({ ...input, name: { en: `Crash pantry ${n}`, fr: `Comptoir crash ${n}` } }),
          });
          if (res.status === 201) acknowledged.push((await res.json()).data.id);
          else await res.text();
        } catch {
          return; // the server died mid-request: that write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    // Kill at a random moment once writes are flowing (a slow, loaded machine must not turn a
    // trial into one with no write in flight).
    const before = acknowledged.length;
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < before + 2) {
      expect(Date.now(), `trial ${trial}: no write acknowledged`).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, Math.random() * 500));
    await killed(proc);
    stop = true;
    await Promise.all(writers);
  }
  const { proc, url } = await startServerProcess(dataDir);
  for (const id of acknowledged) expect((await fetch(`${url}/api/v1/services/${id}`)).status).toBe(200);
  expect(acknowledged.length).toBeGreaterThanOrEqual(TRIALS * 2);
  await killed(proc);
}, 300_000);
