import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, bearer, ORG_A, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { editable, readService } from "../helpers/directory/service-edits.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let dataDir: string;
const tokens: Record<string, string | null> = { anonymous: null };
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  server = await startTestServer({
    modules: [directoryModule],
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
  tokens.partnerA = await bearer(server.baseUrl, ACCOUNTS.partnerA);
  tokens.partnerB = await bearer(server.baseUrl, ACCOUNTS.partnerB);
  tokens.admin = await bearer(server.baseUrl, ACCOUNTS.admin);
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Actor = "anonymous" | "partnerA" | "partnerB" | "admin";
const ACTORS: Actor[] = ["anonymous", "partnerA", "partnerB", "admin"];

async function call(
  actor: Actor,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const h: Record<string, string> = { ...headers };
  if (tokens[actor]) h.authorization = `Bearer ${tokens[actor]}`;
  if (body !== undefined) h["content-type"] = "application/json";
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const current = (id: string) => readService(server.baseUrl, id);

/** A fresh service of organization A for one attempt, made by partner A. */
async function newServiceOfA(label: string): Promise<string> {
  const base = editable(await current("partners-in-mission-food-bank"));
  const res = await call("partnerA", "POST", "/api/v1/services", {
    ...base,
    name: { en: `Test pantry ${label}`, fr: `Comptoir test ${label}` },
  });
  expect(res.status).toBe(201);
  return (await res.json()).data.id;
}

const expected: Record<string, Record<Actor, number>> = {
  "create for org A": { anonymous: 401, partnerA: 201, partnerB: 403, admin: 201 },
  "update org A's service": { anonymous: 401, partnerA: 200, partnerB: 403, admin: 200 },
  "retire org A's service": { anonymous: 401, partnerA: 200, partnerB: 403, admin: 200 },
  "read the audit log": { anonymous: 401, partnerA: 403, partnerB: 403, admin: 200 },
  "open an incident": { anonymous: 401, partnerA: 403, partnerB: 403, admin: 201 },
  "acknowledge an incident": { anonymous: 401, partnerA: 403, partnerB: 403, admin: 200 },
  "sign out": { anonymous: 401, partnerA: 200, partnerB: 200, admin: 200 },
};

describe("authorization matrix over every write", () => {
  for (const actor of ACTORS) {
    it(`${actor}: create / update / retire / audit`, async () => {
      const got: Record<string, number> = {};
      const base = editable(await current("partners-in-mission-food-bank"));
      got["create for org A"] = (
        await call(actor, "POST", "/api/v1/services", {
          ...base,
          organizationId: ORG_A,
          name: { en: `By ${actor}`, fr: `Par ${actor}` },
        })
      ).status;
      const target = await newServiceOfA(`${actor}-u`);
      const before = await current(target);
      got["update org A's service"] = (
        await call(actor, "PUT", `/api/v1/services/${target}`, {
          ...editable(before),
          fees: "Free",
          version: before.version,
        })
      ).status;
      const toRetire = await newServiceOfA(`${actor}-r`);
      got["retire org A's service"] = (
        await call(actor, "DELETE", `/api/v1/services/${toRetire}`, undefined, { "If-Match": '"1"' })
      ).status;
      got["read the audit log"] = (await call(actor, "GET", "/api/v1/admin/audit")).status;
      got["open an incident"] = (
        await call(actor, "POST", "/api/v1/admin/incidents", { severity: "SEV-4", title: `by ${actor}` })
      ).status;
      const opened = await call("admin", "POST", "/api/v1/admin/incidents", {
        severity: "SEV-4",
        title: `for ${actor}`,
      });
      const incidentId = (await opened.json()).data.id;
      got["acknowledge an incident"] = (
        await call(actor, "POST", `/api/v1/admin/incidents/${incidentId}/acknowledge`)
      ).status;
      for (const [op, statuses] of Object.entries(expected))
        if (op !== "sign out") expect(got[op], `${actor} ${op}`).toBe(statuses[actor]);
      // A refused write leaves the record as it was.
      if (expected["update org A's service"][actor] !== 200)
        expect((await current(target)).version).toBe(before.version);
      if (expected["retire org A's service"][actor] !== 200)
        expect((await current(toRetire)).id).toBe(toRetire);
    });
  }
  it("sign out: anonymous 401, everyone signed in 200, and the token stops working", async () => {
    for (const actor of ACTORS) {
      const res = await call(actor, "POST", "/api/v1/auth/logout");
      expect(res.status, actor).toBe(expected["sign out"][actor]);
      if (actor !== "anonymous") expect((await call(actor, "GET", "/api/v1/auth/me")).status).toBe(401);
    }
  });
});

describe("an admin route refuses who is asking before it checks what they sent", () => {
  // Fresh tokens: the sign-out test above revoked the first ones.
  beforeAll(async () => {
    tokens.partnerA = await bearer(server.baseUrl, ACCOUNTS.partnerA);
    tokens.admin = await bearer(server.baseUrl, ACCOUNTS.admin);
  });
  // One bad request per admin route family: a bad body, a bad path parameter or a bad query.
  const badRequests: Array<[method: string, path: string, body?: unknown]> = [
    ["POST", "/api/v1/admin/incidents", { severity: "SEV-9", title: "x" }],
    ["POST", "/api/v1/admin/incidents/INC-20260101-001/acknowledge", { bogus: true }],
    ["POST", "/api/v1/admin/incidents/not-an-id/explode", { bogus: true }],
    ["GET", "/api/v1/admin/incidents?active=maybe"],
    ["GET", "/api/v1/admin/incidents/report?quarter=autumn"],
    ["GET", "/api/v1/admin/incidents/not-an-id"],
    ["GET", "/api/v1/admin/audit?limit=0"],
    ["GET", "/api/v1/admin/observability?lang=de"],
  ];
  // Words of the schemas a refused caller must not learn.
  const schemaWords = /SEV-1|INC-YYYYMMDD|acknowledge|quarter|limit|lang|\ben\b/;

  it.each(badRequests)("%s %s: anonymous 401, partner 403, admin 400", async (method, path, body) => {
    const anonymous = await call("anonymous", method, path, body);
    expect(anonymous.status).toBe(401);
    const anonymousEnvelope = await anonymous.json();
    expect(anonymousEnvelope).toMatchObject({ success: false, error: "Unauthorized" });
    expect(JSON.stringify(anonymousEnvelope)).not.toMatch(schemaWords);
    const partner = await call("partnerA", method, path, body);
    expect(partner.status).toBe(403);
    const partnerEnvelope = await partner.json();
    expect(partnerEnvelope).toMatchObject({ success: false, error: "Forbidden" });
    expect(JSON.stringify(partnerEnvelope)).not.toMatch(schemaWords);
    expect((await call("admin", method, path, body)).status).toBe(400);
  });

  it.each([
    ["POST", "/api/v1/services"],
    ["PUT", `/api/v1/services/partners-in-mission-food-bank`],
    ["DELETE", `/api/v1/services/partners-in-mission-food-bank`],
  ])("%s %s with a bad body, anonymous: 401 before the body is read", async (method, path) => {
    const anonymous = await call("anonymous", method, path, { name: 42 });
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(await anonymous.json())).not.toContain("name");
  });
});
