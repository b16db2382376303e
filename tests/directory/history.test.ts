import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, bearer, ORG_A, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const OWN = "partners-in-mission-food-bank"; // ORG_A's service
const OTHER = "kingston-youth-shelter"; // ORG_B's service

let server: TestServer;
let dataDir: string;
let partnerA: string;
let admin: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  server = await startTestServer({
    modules: [directoryModule],
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
  partnerA = await bearer(server.baseUrl, ACCOUNTS.partnerA);
  admin = await bearer(server.baseUrl, ACCOUNTS.admin);
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, token?: string) =>
  fetch(`${server.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function editDescription(token: string, id: string, text: string): Promise<number> {
  const current = (await (await get(`/api/v1/services/${id}`)).json()).data;
  const {
    organizationId: _o,
    organizationName: _n,
    updatedAt: _u,
    provenance: _p,
    id: _i,
    ...input
  } = current;
  const res = await fetch(`${server.baseUrl}/api/v1/services/${id}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...input, description: { ...input.description, en: text } }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.version;
}

describe("GET /api/v1/services/{id}/history", () => {
  it("refuses a caller who is not signed in (401)", async () => {
    const res = await get(`/api/v1/services/${OWN}/history`);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("Unauthorized");
  });

  it("refuses a partner another organization's service (403) and an unknown id (404)", async () => {
    const other = await get(`/api/v1/services/${OTHER}/history`, partnerA);
    expect(other.status).toBe(403);
    expect((await other.json()).error).toBe("Forbidden");
    const unknown = await get("/api/v1/services/no-such-service/history", partnerA);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBe("NotFound");
  });

  it("rejects a bad page size with a ValidationError naming it", async () => {
    const res = await get(`/api/v1/services/${OWN}/history?limit=0`, partnerA);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('"limit"');
  });

  it("lists each edit newest first: who, when, the version and the fields that changed", async () => {
    const before = (await (await get(`/api/v1/services/${OWN}/history`, partnerA)).json()).meta.total;
    const v1 = await editDescription(partnerA, OWN, "Groceries every week for families in need.");
    const v2 = await editDescription(admin, OWN, "Groceries twice a week for families in need.");
    expect(v2).toBe(v1 + 1);

    const res = await get(`/api/v1/services/${OWN}/history`, partnerA);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.meta.total).toBe(before + 2);
    const [latest, earlier] = body.data;
    expect(latest).toMatchObject({ action: "update", actorEmail: ACCOUNTS.admin, version: v2 });
    expect(earlier).toMatchObject({ action: "update", actorEmail: ACCOUNTS.partnerA, version: v1 });
    expect(latest.changes).toEqual([
      {
        field: "description",
        before: expect.objectContaining({ en: "Groceries every week for families in need." }),
        after: expect.objectContaining({ en: "Groceries twice a week for families in need." }),
      },
    ]);
    expect(Date.parse(latest.at)).toBeGreaterThanOrEqual(Date.parse(earlier.at));

    const paged = await (await get(`/api/v1/services/${OWN}/history?limit=1&offset=1`, partnerA)).json();
    expect(paged.data.map((e: { version: number }) => e.version)).toEqual([v1]);
  });

  it("lets an admin read any service's history", async () => {
    const res = await get(`/api/v1/services/${OTHER}/history`, admin);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual([]);
  });
});

describe("GET /api/v1/partner/services", () => {
  it("lists only the partner's own organization, and refuses another one", async () => {
    const res = await get("/api/v1/partner/services", partnerA);
    expect(res.status).toBe(200);
    const ids = (await res.json()).data.map((s: { id: string; organizationId: string }) => s.organizationId);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set([ORG_A]));
    expect(
      (await get("/api/v1/partner/services?organization_id=org-kingston-youth-shelter", partnerA)).status,
    ).toBe(403);
    expect((await get("/api/v1/partner/services")).status).toBe(401);
  });

  it("makes an admin name the organization", async () => {
    expect((await get("/api/v1/partner/services", admin)).status).toBe(400);
    const res = await get("/api/v1/partner/services?organization_id=org-kingston-youth-shelter", admin);
    expect((await res.json()).data.map((s: { id: string }) => s.id)).toContain(OTHER);
  });
});

describe("OpenAPI document", () => {
  it("describes both dashboard routes", async () => {
    const doc = await (await get("/api/openapi.json")).json();
    expect(doc.paths["/api/v1/services/{id}/history"]?.get).toBeDefined();
    expect(doc.paths["/api/v1/partner/services"]?.get).toBeDefined();
  });
});
