/**
 * The duplicate check and the phone check on the ways new records arrive: a partner's create
 * (flagged in the answer and the admin audit; junk phones refused with a 400 naming the field)
 * and an HSDS import (flagged in its counts and the audit; junk phones reported as bad rows).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "../../server/db/store.js";
import { importServices, readHsds } from "../../server/directory/hsds/hsds-io.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { seedDirectory } from "../../server/directory/seed/seed-directory.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const newService = (patch: Record<string, unknown> = {}) => ({
  name: { en: "Holiday hampers", fr: "Paniers des fêtes" },
  description: { en: "Food hampers in December.", fr: "Paniers de nourriture en décembre." },
  category: "food",
  tags: [],
  searchTerms: { en: [], fr: [] },
  synonyms: { en: [], fr: [] },
  eligibility: null,
  fees: null,
  applicationProcess: null,
  documentsRequired: null,
  languages: [],
  url: null,
  email: null,
  status: "active",
  verificationLevel: "L0",
  lastVerified: null,
  scope: "local",
  virtual: false,
  phones: [{ number: "613-555-0142", label: null }],
  locations: [],
  schedule: null,
  ...patch,
});

describe("partner writes", () => {
  let server: TestServer;
  let dataDir: string;
  let partner: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    dataDir = await prepareDirectoryData();
    server = await startTestServer({
      modules: [directoryModule],
      dataDir,
      env: { RATE_LIMIT_PER_MINUTE: "100000" },
    });
    const json = { "content-type": "application/json" };
    partner = { ...json, authorization: `Bearer ${await bearer(server.baseUrl, ACCOUNTS.partnerA)}` };
    admin = { ...json, authorization: `Bearer ${await bearer(server.baseUrl, ACCOUNTS.admin)}` };
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const send = (method: string, p: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${server.baseUrl}${p}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("flags a new service that looks like a live one, in the answer and in the admin audit", async () => {
    // The partner's own food bank already lists this phone number.
    const res = await send("POST", "/api/v1/services", partner, {
      ...newService({ phones: [{ number: "(613) 544-4100", label: null }] }),
      id: "pim-hampers",
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data.id).toBe("pim-hampers");
    expect(body.duplicates).toEqual([
      {
        id: "partners-in-mission-food-bank",
        name: "Partners in Mission Food Bank",
        score: 70,
        evidence: ["same organization", "same phone"],
      },
    ]);
    const audit = await (await send("GET", "/api/v1/admin/audit?service_id=pim-hampers", admin)).json();
    expect(audit.data.map((e: { action: string }) => e.action)).toEqual(["possible-duplicate", "create"]);
    expect(audit.data[0].after.possibleDuplicateOf[0]).toMatchObject({ id: "partners-in-mission-food-bank" });
  });

  it("keeps each possible-duplicate audit row bounded however many similar services there are, names read back", async () => {
    // Issue #25: each row copied every similar service (name included): rows grew with their number.
    const phone = [{ number: "613-555-0199", label: null }];
    const long = (i: number) =>
      `Community pantry number ${i} ${"with a long descriptive name ".repeat(3)}`.trim();
    const ids: string[] = [];
    const rowBytes: number[] = [];
    const store = server.contexts.get("directory")!.store;
    for (let i = 0; i < 25; i++) {
      const id = `pim-pantry-${i}`;
      const res = await send("POST", "/api/v1/services", partner, {
        ...newService({ phones: phone, name: { en: long(i), fr: `Comptoir ${i}` } }),
        id,
      });
      expect(res.status).toBe(201);
      // The answer still lists every similar service, with its name.
      const dupes = (await res.json()).duplicates;
      expect(dupes.map((d: { id: string }) => d.id).sort()).toEqual([...ids].sort());
      if (i > 0) {
        const row = store.get<{ after_json: string }>(
          "SELECT after_json FROM audit_log WHERE action = 'possible-duplicate' AND entity_id = ?",
          [id],
        )!;
        rowBytes.push(row.after_json.length);
        // References, not copies: no other record's name is in the row.
        expect(row.after_json).not.toContain("long descriptive name");
      }
      ids.push(id);
    }
    // Past the ten strongest references a row stops growing (ids and the count may gain a digit).
    expect(Math.max(...rowBytes.slice(9)) - rowBytes[9]).toBeLessThanOrEqual(20);
    expect(Math.max(...rowBytes)).toBeLessThan(10 * 120);
    const audit = await (await send("GET", "/api/v1/admin/audit?service_id=pim-pantry-24", admin)).json();
    expect(audit.data[0].action).toBe("possible-duplicate");
    expect(audit.data[0].after.matchCount).toBe(24);
    expect(audit.data[0].after.possibleDuplicateOf).toHaveLength(10);
    for (const ref of audit.data[0].after.possibleDuplicateOf)
      expect(ref.name).toBe(long(Number(ref.id.replace("pim-pantry-", ""))));
  });

  it("answers an empty list for a service like no other", async () => {
    const res = await send("POST", "/api/v1/services", partner, { ...newService(), id: "pim-new-line" });
    expect(res.status).toBe(201);
    expect((await res.json()).duplicates).toEqual([]);
    const audit = await (await send("GET", "/api/v1/admin/audit?service_id=pim-new-line", admin)).json();
    expect(audit.data.map((e: { action: string }) => e.action)).toEqual(["create"]);
  });

  it("refuses a phone line nobody could dial or text with a 400 naming the field, and writes nothing", async () => {
    const phones = [
      { number: "613-544-4100", label: null },
      { number: "555-1234", label: null },
    ];
    const res = await send("POST", "/api/v1/services", partner, {
      ...newService({ phones }),
      id: "pim-junk",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: "ValidationError" });
    expect(body.message).toContain('Invalid body field "phones.1.number"');
    expect(body.message).toContain("area code");
    expect(body.details.issues).toEqual([
      { path: "phones.1.number", message: expect.stringContaining("555-1234") },
    ]);
    expect((await send("GET", "/api/v1/services/pim-junk", partner)).status).toBe(404);

    const current = (await (await send("GET", "/api/v1/services/pim-new-line", partner)).json()).data;
    const put = await send(
      "PUT",
      "/api/v1/services/pim-new-line",
      { ...partner, "if-match": String(current.version) },
      newService({ phones: [{ number: "1-866-TALK", label: null }] }),
    );
    expect(put.status).toBe(400);
    expect((await put.json()).message).toContain('"phones.0.number"');
  });

  it("keeps a kept record's merged ids through an edit, and points an edit of a merged-away id to the kept one", async () => {
    const kept = (await (await send("GET", "/api/v1/services/kgh-emergency-department", admin)).json()).data;
    const {
      id,
      organizationId: _o,
      organizationName: _n,
      updatedAt: _u,
      provenance: _p,
      mergedIds,
      ...rest
    } = kept;
    expect(mergedIds).toEqual(["kingston-general-hospital"]);
    const saved = await send("PUT", `/api/v1/services/${id}`, admin, { ...rest, fees: "Covered by OHIP." });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.mergedIds).toEqual(["kingston-general-hospital"]);
    const old = await send("PUT", "/api/v1/services/kingston-general-hospital", admin, rest);
    expect(old.status).toBe(404);
    expect(await old.json()).toMatchObject({
      error: "NotFound",
      message: expect.stringContaining('merged into "kgh-emergency-department"'),
      details: { mergedInto: "kgh-emergency-department" },
    });
  });
});

describe("HSDS import", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "chc-dir-flags-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("flags an imported service that duplicates a live one, and rejects a record with a junk phone", async () => {
    const store = await createStore({
      dataDir: path.join(dir, "db"),
      name: "directory",
      migrations: directoryModule.migrations,
      logger: { info() {}, warn() {}, error() {} } as never,
    });
    await seedDirectory(directoryRepository({ store }));
    const file = path.join(dir, "import.json");
    const base = { description: "d", status: "active", organization_id: "org-other-publisher" };
    writeFileSync(
      file,
      JSON.stringify(
        [
          {
            ...base,
            id: "other-marthas-table",
            name: "Martha's Table",
            phones: [
              { id: "p1", service_id: "other-marthas-table", number: "613 546 0320", description: null },
            ],
          },
          { ...base, id: "other-new", name: "A new drop-in" },
          {
            ...base,
            id: "other-junk",
            name: "Junk line",
            phones: [{ id: "p2", service_id: "other-junk", number: "not a number", description: null }],
          },
        ],
        null,
        2,
      ),
    );
    const parsed = readHsds(file);
    expect(parsed.errors).toEqual([
      {
        file: "import.json",
        line: expect.any(Number),
        reason: expect.stringContaining(
          'service other-junk: phones.0.number "not a number" cannot be dialled',
        ),
      },
    ]);
    const counts = await importServices(directoryRepository({ store }), parsed, { skipInvalid: true });
    expect(counts).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(counts.duplicates).toEqual([
      {
        id: "other-marthas-table",
        of: [
          {
            id: "marthas-table-kingston",
            name: "Martha's Table",
            score: 70,
            evidence: ["same name", "same phone"],
          },
        ],
      },
    ]);
    // Flagged, not merged: both records are live, and the admin audit says why.
    const live = (await directoryRepository({ store }).loadServices()).services.map((s) => s.id);
    expect(live).toEqual(expect.arrayContaining(["other-marthas-table", "marthas-table-kingston"]));
    const { entries } = await directoryRepository({ store }).auditLog({
      entityId: "other-marthas-table",
      limit: 10,
      offset: 0,
    });
    expect(entries.map((e) => e.action)).toEqual(["possible-duplicate", "import"]);
    await store.close();
  });
});
