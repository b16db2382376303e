/**
 * Issue #12 item 7: passwords are hashed with scrypt at N=2^17, r=8, p=1 (OWASP's current
 * recommendation), and an account still holding an old N=2^14 hash is rehashed at its next
 * successful sign-in, then keeps working, across a restart too.
 */
import { randomBytes, scryptSync } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createStore } from "../../server/db/store.js";
import type { Store } from "../../server/db/types.js";
import {
  dummyHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from "../../server/directory/accounts/passwords.js";
import { findUserByEmail } from "../../server/directory/accounts/users.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { ACCOUNTS, PASSWORD, postLogin, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { useProductionHashCost } from "../helpers/hash-cost.js";
import { startTestServer } from "../helpers/server.js";

// Production's cost, which the rest of the test run lowers (tests/helpers/hash-cost.ts).
useProductionHashCost();

const CURRENT_PREFIX = "scrypt$131072$8$1$";
// A sign-in that upgrades a hash runs two of them; on a busy shared machine that can outlast the
// default 15 s request timeout.
const SLOW_HASHES = { REQUEST_TIMEOUT_MS: "120000" };

/** A hash as the earlier release stored it (N=2^14), built here so no product path can make one. */
function hashAsBefore(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

const quiet = { info() {}, warn() {}, error() {} } as never;
const openDirectory = (dataDir: string): Promise<Store> =>
  createStore({ dataDir, name: "directory", migrations: directoryModule.migrations, logger: quiet });
const storedHash = async (dataDir: string, email: string) => {
  const store = await openDirectory(dataDir);
  try {
    return (await findUserByEmail(directoryRepository({ store }), email))!.passwordHash;
  } finally {
    await store.close();
  }
};

let dataDir: string;
let legacyHash: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  const store = await openDirectory(dataDir);
  const user = (await findUserByEmail(directoryRepository({ store }), ACCOUNTS.partnerA))!;
  legacyHash = hashAsBefore(PASSWORD);
  expect(
    await directoryRepository({ store }).replacePasswordHash(user.id, user.passwordHash, legacyHash),
  ).toBe(true);
  await store.close();
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const login = (baseUrl: string, password: string) =>
  postLogin(baseUrl, ACCOUNTS.partnerA, password, "bearer");

it("hashes new passwords at N=2^17, r=8, p=1 and still verifies the old N=2^14 form", async () => {
  const fresh = await hashPassword(PASSWORD);
  expect(fresh.startsWith(CURRENT_PREFIX)).toBe(true);
  expect(await verifyPassword(PASSWORD, fresh)).toBe(true);
  expect(await verifyPassword(PASSWORD, legacyHash)).toBe(true);
  expect(await verifyPassword("not the password", legacyHash)).toBe(false);
  expect([needsRehash(fresh), needsRehash(legacyHash)]).toEqual([false, true]);
  // Unknown accounts are checked against a stand-in at today's cost that nothing matches.
  const standIn = dummyHash();
  expect(standIn.startsWith(CURRENT_PREFIX)).toBe(true);
  expect(needsRehash(standIn)).toBe(false);
  expect(await verifyPassword(PASSWORD, standIn)).toBe(false);
});

it("rehashes an old hash at the next successful sign-in; the password works afterwards", async () => {
  const first = await startTestServer({ modules: [directoryModule], dataDir, env: SLOW_HASHES });
  try {
    expect((await login(first.baseUrl, "not the password")).status).toBe(401);
    expect((await login(first.baseUrl, PASSWORD)).status).toBe(200);
    expect((await login(first.baseUrl, PASSWORD)).status).toBe(200);
  } finally {
    await first.close();
  }
  const upgraded = await storedHash(dataDir, ACCOUNTS.partnerA);
  expect(upgraded.startsWith(CURRENT_PREFIX)).toBe(true);
  expect(upgraded).not.toBe(legacyHash);

  const second = await startTestServer({ modules: [directoryModule], dataDir, env: SLOW_HASHES });
  try {
    expect((await login(second.baseUrl, PASSWORD)).status).toBe(200);
    expect((await login(second.baseUrl, "not the password")).status).toBe(401);
  } finally {
    await second.close();
  }
  expect(await storedHash(dataDir, ACCOUNTS.partnerA)).toBe(upgraded);
}, 120_000);
