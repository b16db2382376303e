/**
 * Through the real server: one module's journal is damaged in the middle. The server still
 * starts; that module serves what was before the damage and refuses writes with a 503 that names
 * the file (never a folder path); another module keeps working; /api/health answers 503
 * "unhealthy" with `checks.db: "journal_damaged"` naming the module; and the damaged journal is
 * kept aside untouched.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createStore } from "../../server/db/store.js";
import { addUser } from "../../server/directory/accounts/users.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { seedDirectory } from "../../server/directory/seed/seed-directory.js";
import { waittimesModule } from "../../server/waittimes/index.js";
import { fetchHealthDetails } from "../helpers/admin-token.js";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-damaged-"));
const seededDir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-damaged-seed-"));
let server: TestServer | undefined;
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(seededDir, { recursive: true, force: true });
});
const quiet = { info() {}, warn() {}, error() {} };

it("serves reads and refuses writes of the damaged module; health says unhealthy", async () => {
  // 21 records: the migration, then items k0..k19; nothing checkpointed.
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: probeModule.migrations,
    logger: quiet,
  });
  const starts: number[] = [];
  for (let i = 0; i < 20; i++) {
    starts.push(store.status().journalBytes);
    await store.write((tx) =>
      tx.run("INSERT INTO probe_items (key, created_at) VALUES (?, ?)", [`k${i}`, "2025-01-01T00:00:00Z"]),
    );
  }
  await store.close({ checkpoint: false });
  const journal = path.join(dataDir, "directory.journal");
  const bytes = fs.readFileSync(journal);
  bytes[starts[4] + 20] ^= 0x01; // record 6 of 21: item k4
  fs.writeFileSync(journal, bytes);

  server = await startTestServer({ modules: [probeModule, waittimesModule], dataDir });
  const base = server.baseUrl;

  const list = await (await fetch(`${base}/api/probe/items`)).json();
  expect(list.items).toEqual(["k0", "k1", "k2", "k3"]);

  const refused = await fetch(`${base}/api/probe/items`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key: "new" }),
  });
  expect(refused.status).toBe(503);
  const envelope = await refused.json();
  expect(envelope).toMatchObject({ success: false, error: "ServiceUnavailable" });
  expect(envelope.message).toContain("directory.journal.damaged");
  expect(envelope.message).toContain("chc db repair --module directory");
  expect(envelope.message).not.toContain(dataDir);

  // The other module is untouched.
  expect((await fetch(`${base}/api/hospitals`)).status).toBe(200);

  const health = await fetch(`${base}/api/health`);
  expect(health.status).toBe(503);
  // The checks say what is wrong, and where: the directory's journal, not the wait times'.
  expect(await health.json()).toEqual({
    status: "unhealthy",
    checks: { db: "journal_damaged", databases: { directory: "journal_damaged" } },
  });
  const details = await (await fetchHealthDetails(base)).json();
  expect(details.details.stores.directory.damaged).toBe(envelope.message);
  expect(details.details.stores.waittimes.damaged).toBeNull();

  expect(fs.existsSync(journal)).toBe(false);
  expect(fs.readFileSync(path.join(dataDir, "directory.journal.damaged")).equals(bytes)).toBe(true);
});

it("starts with demo data on, without seeding the damaged module (its writes are refused)", async () => {
  // The real directory module: its schema, then the default services, then an account.
  const store = await createStore({
    dataDir: seededDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet,
  });
  const seedRecord = store.status().journalBytes;
  await seedDirectory(directoryRepository({ store }));
  await addUser(directoryRepository({ store }), {
    email: "admin@example.org",
    password: "correct horse battery staple",
    role: "admin",
  });
  await store.close({ checkpoint: false });
  const journal = path.join(seededDir, "directory.journal");
  const bytes = fs.readFileSync(journal);
  bytes[seedRecord + 20] ^= 0x01;
  fs.writeFileSync(journal, bytes);

  const demo = await startTestServer({ modules: [directoryModule], dataDir: seededDir, demo: true });
  try {
    const health = await fetch(`${demo.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).status).toBe("unhealthy");
    expect((await fetch(`${demo.baseUrl}/api/v1/health`)).status).toBe(503);
    expect(fs.existsSync(path.join(seededDir, "directory.journal.damaged"))).toBe(true);
  } finally {
    await demo.close();
  }
});
