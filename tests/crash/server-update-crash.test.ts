/**
 * The real server killed with SIGKILL at random moments while partners *update* services (PUT with
 * the version being edited), one writer per service: after every restart each service holds its
 * last acknowledged update or the one that was in flight after it, never an older one, and its
 * version matches.
 */
import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { killAllServers, killed, serviceInput, startServerProcess } from "../helpers/crash/server-process.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";

const TRIALS = 7;
const WRITERS = 4;
let dataDir = "";

afterAll(() => {
  killAllServers();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const named = (i: number, n: number) => ({
  en: `Updated pantry ${i} #${n}`,
  fr: `Comptoir modifié ${i} #${n}`,
});
const counterOf = (name: { en: string }) => Number(/#(\d+)$/.exec(name.en)?.[1]);

interface Lane {
  id: string;
  /** Counter and version of the last update answered 200. */
  acked: number;
  ackedVersion: number;
  /** Highest counter sent (it may have been applied without an answer). */
  tried: number;
}

it(`keeps every acknowledged update across ${TRIALS} kill -9 of the real server`, async () => {
  dataDir = await prepareDirectoryData();
  const first = await startServerProcess(dataDir);
  const input = await serviceInput(first.url, "partners-in-mission-food-bank");
  const token = await bearer(first.url, ACCOUNTS.partnerA);
  const lanes: Lane[] = [];
  for (let i = 0; i < WRITERS; i++) {
    const res = await fetch(`${first.url}/api/v1/services`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...input, name: named(i, 0) }),
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    lanes.push({ id: data.id, acked: 0, ackedVersion: data.version, tried: 0 });
  }
  await killed(first.proc);

  let updatesAcked = 0;
  const check = async (url: string, when: string) => {
    for (const [i, lane] of lanes.entries()) {
      const { data } = await (await fetch(`${url}/api/v1/services/${lane.id}`)).json();
      const n = counterOf(data.name);
      expect(n, `lane ${i} ${when}: an acknowledged update was lost`).toBeGreaterThanOrEqual(lane.acked);
      expect(n, `lane ${i} ${when}`).toBeLessThanOrEqual(lane.tried);
      expect(data.version, `lane ${i} ${when}: version`).toBe(lane.ackedVersion + (n - lane.acked));
      // The in-flight update was applied after all: continue from there.
      lane.acked = n;
      lane.ackedVersion = data.version;
      lane.tried = n;
    }
  };

  for (let trial = 0; trial < TRIALS; trial++) {
    const { proc, url } = await startServerProcess(dataDir);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    await check(url, `after restart ${trial}`);
    // The first sign-in is reused: the session was an acknowledged write, so it survives kill -9.
    let stop = false;
    const writer = async (lane: Lane, i: number) => {
      while (!stop) {
        const n = ++lane.tried;
        let res: Response;
        try {
          res = await fetch(`${url}/api/v1/services/${lane.id}`, {
            method: "PUT",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${token}`,
              "if-match": `"${lane.ackedVersion}"`,
            },
            body: JSON.stringify({ ...input, name: named(i, n) }),
          });
        } catch {
          return; // the server died mid-request: this update was never acknowledged
        }
        const body = await res.json().catch(() => null);
        if (res.status === 200) {
          // Acknowledged, even if the server died before the whole body arrived.
          lane.acked = n;
          lane.ackedVersion = body?.data.version ?? lane.ackedVersion + 1;
          updatesAcked++;
          continue;
        }
        if (body === null) return; // the server died mid-answer
        expect.unreachable(`lane ${i} update ${n}: ${res.status} ${JSON.stringify(body)}`);
      }
    };
    const writers = lanes.map(writer);
    // Kill at a random moment once updates are flowing: on a slow, loaded machine a fixed delay
    // could end a trial before any update was answered, and the run would test nothing.
    const before = updatesAcked;
    const deadline = Date.now() + 30_000;
    while (updatesAcked < before + 2) {
      expect(Date.now(), `trial ${trial}: no update acknowledged`).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, Math.random() * 500));
    await killed(proc);
    stop = true;
    await Promise.all(writers);
  }
  const { proc, url } = await startServerProcess(dataDir);
  await check(url, "at the end");
  expect(updatesAcked).toBeGreaterThan(TRIALS);
  await killed(proc);
}, 300_000);
