/**
 * Merged duplicates over the real server: an old id still answers with the merged record, the
 * listing shows each service once, and syncing clients receive the old id's tombstone, both on a
 * fresh seed and on a directory seeded before merging existed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "../../server/db/store.js";
import { hsdsId } from "../../server/directory/hsds-api/ids.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { writeService } from "../../server/directory/repository-sqljs/service-rows.js";
import { readSeedServices } from "../../server/directory/seed/seed-directory.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const quiet = { info() {}, warn() {}, error() {} } as never;
const env = { RATE_LIMIT_PER_MINUTE: "100000" };
const getJson = async (base: string, p: string) => {
  const res = await fetch(`${base}${p}`);
  return { res, body: await res.json() };
};
const changesSince = async (base: string, since: string) =>
  (await getJson(base, `/api/v1/services?updated_since=${encodeURIComponent(since)}&limit=500`)).body;

describe("a freshly seeded directory", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ modules: [directoryModule], demo: true, env });
  });
  afterAll(() => server.close());

  it("answers an old id with the merged record and names the kept record's URL", async () => {
    const { res, body } = await getJson(server.baseUrl, "/api/v1/services/kingston-general-hospital");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-location")).toBe("/api/v1/services/kgh-emergency-department");
    expect(body.data.id).toBe("kgh-emergency-department");
    expect(body.data.mergedIds).toEqual(["kingston-general-hospital"]);
    const kept = await getJson(server.baseUrl, "/api/v1/services/kgh-emergency-department");
    expect(kept.res.headers.get("content-location")).toBeNull();
    expect(kept.body).toEqual(body);
  });

  it("answers an old id in the HSDS API too, by our id and by the UUID published for it", async () => {
    const keptUuid = hsdsId("service", "kgh-emergency-department");
    for (const key of ["kingston-general-hospital", hsdsId("service", "kingston-general-hospital")]) {
      const { res, body } = await getJson(server.baseUrl, `/api/hsds/services/${key}`);
      expect(res.status, key).toBe(200);
      expect(body.id, key).toBe(keptUuid);
    }
  });

  it("lists each service once, and sends the old ids to syncing clients as tombstones", async () => {
    const listed = (
      await getJson(server.baseUrl, "/api/v1/services?limit=100&q=kingston%20general%20hospital")
    ).body;
    expect(listed.data.map((s: { id: string }) => s.id)).not.toContain("kingston-general-hospital");
    const all = await changesSince(server.baseUrl, "2000-01-01T00:00:00Z");
    const tombstones = all.data.filter((r: { deleted?: boolean }) => r.deleted);
    expect(tombstones).toHaveLength(25);
    expect(tombstones.map((t: { id: string }) => t.id)).toContain("crisis-kids-help-phone");
    const live = all.data.filter((r: { deleted?: boolean }) => !r.deleted);
    const names = live.map((s: { name: { en: string } }) => s.name.en);
    expect(names.filter((n: string) => n === "Kids Help Phone")).toHaveLength(1);
  });
});

describe("a directory seeded before duplicates were merged", () => {
  let dataDir: string;
  let server: TestServer;
  const seededAt = "2020-01-10T00:00:00.000Z";
  beforeAll(async () => {
    // What an older version wrote: all 196 records, duplicates included.
    dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-dir-old-"));
    const store = await createStore({
      dataDir,
      name: "directory",
      migrations: directoryModule.migrations,
      logger: quiet,
    });
    const records = readSeedServices().map((s) => ({ ...s, version: 1, updatedAt: seededAt }));
    await store.write((tx) => {
      for (const s of records) writeService(tx, s, seededAt);
    });
    await store.close();
    server = await startTestServer({ modules: [directoryModule], dataDir, demo: true, env });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("merges them at start: a client that synced the old data receives each old id's tombstone and the merged record", async () => {
    const changes = await changesSince(server.baseUrl, "2020-01-10T00:00:01.000Z");
    const gone = changes.data.filter((r: { deleted?: boolean }) => r.deleted);
    const updated = changes.data.filter((r: { deleted?: boolean }) => !r.deleted);
    expect(gone).toHaveLength(25);
    expect(updated).toHaveLength(25);
    const kgh = updated.find((s: { id: string }) => s.id === "kgh-emergency-department");
    expect(kgh).toMatchObject({ version: 2, mergedIds: ["kingston-general-hospital"] });
    expect((await getJson(server.baseUrl, "/api/v1/services?limit=1")).body.meta.total).toBe(171);
  });

  it("records each merge in the audit log with its evidence and score", async () => {
    await server.close();
    const store = await createStore({
      dataDir,
      name: "directory",
      migrations: directoryModule.migrations,
      logger: quiet,
    });
    const { entries } = await directoryRepository({ store: store }).auditLog({
      entityId: "kingston-general-hospital",
      limit: 5,
      offset: 0,
    });
    expect(entries[0]).toMatchObject({
      action: "merge",
      after: { deleted: true, mergedInto: "kgh-emergency-department", score: 100 },
    });
    await store.close();
    server = await startTestServer({ modules: [directoryModule], dataDir, demo: true, env });
    // A second start finds nothing left to merge.
    expect((await changesSince(server.baseUrl, "2020-01-10T00:00:01.000Z")).meta.total).toBe(50);
  });
});
