/**
 * Issue #25 item 4, through a real `chc serve` process: one address flooding sign-in with wrong
 * passwords must not keep anyone else out. Clients send from different loopback addresses
 * (127.0.0.x), which the server tells apart by their socket address as it would people online.
 * Each scenario uses its own addresses so their failure counts stay apart.
 */
import { readFileSync, rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppProcess, SERVE, spawnApp } from "../helpers/app-process.js";
import { ACCOUNTS, PASSWORD, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { useProductionHashCost } from "../helpers/hash-cost.js";
import { countStatuses, requestFrom } from "../helpers/http-from.js";

// What this file checks depends on how long a hash at production's cost takes (in the server it
// starts, which inherits the environment).
useProductionHashCost();

let app: AppProcess;
let baseUrl: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  // The default request timeout (15 s): a sign-in stuck behind a flood answers 503, as it did.
  app = spawnApp(SERVE, { RATE_LIMIT_PER_MINUTE: "100000" }, dataDir);
  baseUrl = await app.listening;
}, 60_000);
afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(from: string, email: string, password: string) {
  const t0 = performance.now();
  const res = await requestFrom(from, `${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, mode: "bearer" }),
  });
  const end = performance.now();
  return { ...res, ms: end - t0, end };
}

it("a correct sign-in answers within 3 s while another address sends 20 wrong ones at once", async () => {
  // The yardstick: the same sign-in sharing the machine with one wrong sign-in from a third
  // address, the least it can wait when someone else signs in at the same moment (the first round
  // warms the process up).
  let fairMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 2; i++) {
    const [, fair] = await Promise.all([
      signIn("127.0.0.22", ACCOUNTS.admin, "wrong password"),
      signIn("127.0.0.21", ACCOUNTS.partnerA, PASSWORD),
    ]);
    expect(fair.status).toBe(200);
    fairMs = Math.min(fairMs, fair.ms);
  }
  // Within the address's limit of 20 failures, spread over accounts so that none is locked early.
  const targets = [ACCOUNTS.partnerB, ACCOUNTS.admin, ACCOUNTS.disabled, "nobody@example.org"];
  const burst = Array.from({ length: 20 }, (_, i) =>
    signIn("127.0.0.20", targets[i % targets.length], `wrong password ${i}`),
  );
  // Let the burst reach the server first, as a partner arriving in the middle of one would.
  await new Promise((resolve) => setTimeout(resolve, 200));
  // Twice in a row, both while the burst's own line is still being checked (four turns of a
  // hash), the quicker one counting: this machine is shared, and one figure alone is noisy.
  const partner: Awaited<ReturnType<typeof signIn>>[] = [];
  for (let i = 0; i < 2; i++) partner.push(await signIn("127.0.0.21", ACCOUNTS.partnerA, PASSWORD));
  const partnerMs = Math.min(...partner.map((p) => p.ms));
  const answers = await Promise.all(burst);
  console.log(
    `correct sign-in beside one wrong one ${Math.round(fairMs)} ms, during a burst of 20 ${partner.map((p) => Math.round(p.ms)).join(" and ")} ms; burst ${JSON.stringify(countStatuses(answers))}`,
  );
  expect(partner.map((p) => p.status)).toEqual([200, 200]);
  // Fair turns, whatever the machine's speed: the partner's first sign-in is answered before the
  // burst's third checked one. The burst's address hashes one at a time while the partner's hash
  // shares the cores with it, so on a busy machine the burst's second can end first (CI once saw
  // 2); in line behind everyone, the partner came after all four the burst had admitted.
  const checkedBefore = answers.filter((a) => a.status === 401 && a.end < partner[0].end);
  expect(checkedBefore.length).toBeLessThanOrEqual(2);
  // Under 3 s where a hash takes ~1.3 s; on a busier machine, within twice the yardstick.
  expect(partnerMs).toBeLessThan(Math.max(3_000, 2 * fairMs));
  // The address's sign-ins beyond its 4 in line are refused at once with when to retry.
  const refused = answers.filter((a) => a.status === 429);
  expect(refused.length).toBeGreaterThanOrEqual(16);
  for (const answer of refused) expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
}, 60_000);

it("an account locked from one address still lets its owner sign in from another", async () => {
  for (let i = 0; i < 5; i++)
    expect((await signIn("127.0.0.30", ACCOUNTS.admin, `wrong guess ${i}`)).status).toBe(401);
  const locked = await signIn("127.0.0.30", ACCOUNTS.admin, PASSWORD);
  expect(locked.status).toBe(429);
  expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
  expect((await signIn("127.0.0.31", ACCOUNTS.admin, PASSWORD)).status).toBe(200);
}, 120_000);

/** CPU seconds the server process has used so far (user and system, from /proc). */
function serverCpuSeconds(): number {
  const fields = readFileSync(`/proc/${app.child.pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measured(from: string, email: string) {
  const cpu0 = serverCpuSeconds();
  const answer = await signIn(from, email, "not the password");
  return { ...answer, cpu: serverCpuSeconds() - cpu0 };
}

it("an unknown account is refused in about the time of a wrong password, without a hash", async () => {
  const known = [
    await measured("127.0.0.40", ACCOUNTS.partnerB),
    await measured("127.0.0.40", ACCOUNTS.partnerB),
  ];
  const unknown = [
    await measured("127.0.0.41", "nobody@example.org"),
    await measured("127.0.0.41", "ghost@example.org"),
  ];
  console.log(
    `wrong password: ${known.map((k) => `${Math.round(k.ms)} ms, ${k.cpu.toFixed(2)} s CPU`).join("; ")}; unknown account: ${unknown.map((u) => `${Math.round(u.ms)} ms, ${u.cpu.toFixed(2)} s CPU`).join("; ")}`,
  );
  for (const answer of [...known, ...unknown]) {
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: "Unauthorized" });
  }
  const knownMs = (known[0].ms + known[1].ms) / 2;
  const knownCpu = Math.min(...known.map((k) => k.cpu));
  for (const answer of unknown) {
    // The same wait as a hash of this process, within what a shared machine makes of one.
    expect(answer.ms).toBeGreaterThan(0.5 * knownMs);
    expect(answer.ms).toBeLessThan(2 * knownMs);
    // A hash costs hundreds of ms of CPU; refusing an unknown account far less. Half a hash, not
    // a quarter: the process's own work beside it once took 0.13 s against a 0.39 s hash.
    expect(answer.cpu).toBeLessThan(0.5 * knownCpu);
  }
}, 120_000);
