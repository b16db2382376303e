/**
 * Issue #25 item 5: while the directory's journal is damaged (writes refused until an operator
 * repairs it), reading and signing in keep working. A session issued then is held in the process's
 * memory (the one sql.js process serves every request) until it is revoked or the process stops;
 * the sign-in limits keep counting, in memory as always on sql.js. The journal is damaged the way
 * tests/api/journal-damage.test.ts does it: one byte flipped in a record in the middle.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createStore } from "../../server/db/store.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { ACCOUNTS, PASSWORD, postLogin, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { editable, readService } from "../helpers/directory/service-edits.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let dataDir: string;
const quiet = { info() {}, warn() {}, error() {} };

/** Three records appended to the directory's journal (three sessions nobody holds), the second flipped. */
async function damageJournal(): Promise<void> {
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet as never,
  });
  const repo = directoryRepository({ store });
  const user = await repo.findUserByEmail(ACCOUNTS.partnerB);
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) {
    starts.push(store.status().journalBytes);
    await repo.createSession({
      tokenHash: `unused-${i}`,
      userId: user!.id,
      kind: "bearer",
      csrfHash: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      expiresAt: "2026-01-02T00:00:00.000Z",
    });
  }
  await store.close({ checkpoint: false });
  const journal = path.join(dataDir, "directory.journal");
  const bytes = fs.readFileSync(journal);
  bytes[starts[1] + 20] ^= 0x01;
  fs.writeFileSync(journal, bytes);
}

beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  await damageJournal();
  server = await startTestServer({
    modules: [directoryModule],
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000", REQUEST_TIMEOUT_MS: "120000" },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const url = (p: string) => `${server.baseUrl}${p}`;

it("the journal is damaged: writes are refused, reads served", async () => {
  expect(fs.existsSync(path.join(dataDir, "directory.journal.damaged"))).toBe(true);
  expect((await fetch(url("/api/v1/services?limit=1"))).status).toBe(200);
});

it("a partner signs in with a cookie, reads its own services and signs out; its writes get 503", async () => {
  const login = await postLogin(server.baseUrl, ACCOUNTS.partnerA, PASSWORD);
  expect(login.status).toBe(200);
  const { csrfToken } = (await login.json()).data;
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const me = await fetch(url("/api/v1/auth/me"), { headers: { cookie } });
  expect(me.status).toBe(200);
  expect((await me.json()).data.email).toBe(ACCOUNTS.partnerA);
  const own = await fetch(url("/api/v1/partner/services"), { headers: { cookie } });
  expect(own.status).toBe(200);
  const [first] = (await own.json()).data;

  // A valid new service (a copy of one of its own): signed in and allowed, so only the store refuses.
  const write = await fetch(url("/api/v1/services"), {
    method: "POST",
    headers: { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" },
    body: JSON.stringify({
      ...editable(await readService(server.baseUrl, first.id)),
      name: { en: "Refused while damaged", fr: "Refusé pendant le dommage" },
    }),
  });
  const refusal = await write.json();
  expect(write.status, JSON.stringify(refusal)).toBe(503);
  expect(refusal.message).toContain("directory.journal.damaged");

  const logout = await fetch(url("/api/v1/auth/logout"), {
    method: "POST",
    headers: { cookie, "x-csrf-token": csrfToken },
  });
  expect(logout.status).toBe(200);
  expect((await fetch(url("/api/v1/auth/me"), { headers: { cookie } })).status).toBe(401);
}, 60_000);

it("bearer sign-ins work too, and wrong passwords still count towards the lock", async () => {
  const token = (await (await postLogin(server.baseUrl, ACCOUNTS.admin, PASSWORD, "bearer")).json()).data
    .token;
  const me = await fetch(url("/api/v1/auth/me"), { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(200);
  for (let i = 0; i < 5; i++)
    expect((await postLogin(server.baseUrl, ACCOUNTS.partnerB, `wrong ${i}`, "bearer")).status).toBe(401);
  expect((await postLogin(server.baseUrl, ACCOUNTS.partnerB, PASSWORD, "bearer")).status).toBe(429);
}, 120_000);
