/**
 * The document's caching promises, held to the real server with demo data: every documented GET
 * and HEAD this file can call with a 200 is called (admin token, admin and partner sign-in, path
 * parameters from the demo data), and for each 200 the document's word is checked on the wire.
 * A 200 that lists an ETag has one, and sending it back in If-None-Match gets 304; a 200 that
 * lists `Cache-Control: no-store` says no-store and carries no ETag. The document itself never
 * settles it: an operation's answers are what the server sends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser } from "../../server/directory/accounts/users.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { TEST_ADMIN_TOKEN } from "../helpers/admin-token.js";
import { ACCOUNTS, bearer, ORG_A, PASSWORD } from "../helpers/directory/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

type Json = Record<string, unknown>;
type Operation = {
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, Json & { headers?: Record<string, { schema?: { enum?: unknown[] } }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

/**
 * Documented operations no 200 can be had from with the demo data, and why. Any other operation
 * that does not answer 200 fails the test, so a new read is checked or named here.
 */
const NOT_CALLED: Record<string, string> = {
  "get /api/editions/{id}": "the demo data has no annual edition",
  "get /api/exports/editions/{id}.wacz": "the demo data has no annual edition",
  "get /api/v1/services/{id}/summary": "no AI endpoint is configured (503)",
  "get /api/v1/geocode": "no geocoder is configured (503)",
};

let server: TestServer;
let doc: Doc;
const tokens = { admin: "", partner: "" };
/** Values for path and required query parameters, found in the demo data. */
const values: Record<string, Record<string, string>> = {};

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { headers });
const jsonOf = async (path: string, headers: Record<string, string> = {}) => {
  const res = await get(path, headers);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Json & { data: Json[] };
};
const linesOf = async (path: string) =>
  (await (await get(path)).text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Json);

beforeAll(async () => {
  server = await startTestServer({
    demo: true,
    archiveDemo: true,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
  // The test accounts, added to the demo directory's store.
  const repo = directoryRepository({ store: server.contexts.get("directory")!.store });
  await addUser(repo, { email: ACCOUNTS.admin, password: PASSWORD, role: "admin" });
  await addUser(repo, {
    email: ACCOUNTS.partnerA,
    password: PASSWORD,
    role: "partner",
    organizationId: ORG_A,
  });
  tokens.admin = await bearer(server.baseUrl, ACCOUNTS.admin);
  tokens.partner = await bearer(server.baseUrl, ACCOUNTS.partnerA);
  doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();

  const asAdmin = { authorization: `Bearer ${tokens.admin}` };
  const snapshots = await linesOf("/api/exports/snapshots?limit=5");
  const changed = (await linesOf("/api/exports/changes?limit=500")).find((c) => c.previous_snapshot_id);
  const hospitals = (await jsonOf("/api/hospitals")).data;
  const own = (await jsonOf("/api/v1/partner/services", { authorization: `Bearer ${tokens.partner}` })).data;
  const opened = await fetch(`${server.baseUrl}/api/v1/admin/incidents`, {
    method: "POST",
    headers: { ...asAdmin, "content-type": "application/json" },
    body: JSON.stringify({ severity: "SEV-4", title: "Slow search" }),
  });
  expect(opened.status).toBe(201);
  const hsdsId = async (list: string) =>
    ((await jsonOf(`/api/hsds/${list}?per_page=1`)) as unknown as { contents: Json[] }).contents[0].id;
  Object.assign(values, {
    "/api/snapshot/{id}": { id: snapshots[0].id },
    "/api/changes/compare": { from: changed?.previous_snapshot_id, to: changed?.snapshot_id },
    "/api/exports/jobs/{id}.wacz": { id: snapshots[0].job_id },
    "/api/v1/services/{id}": { id: own[0].id },
    "/api/v1/services/{id}/history": { id: own[0].id },
    "/api/v1/admin/incidents/report": { quarter: "2026-Q1" },
    "/api/v1/admin/incidents/{id}": { id: ((await opened.json()) as { data: Json }).data.id },
    "/api/hospitals/{slug}/trends": { slug: hospitals[0].id },
    "/api/compare": { a: hospitals[0].id, b: hospitals[1].id },
    "/api/analytics/benchmarks": { province: "ON" },
    "/api/analytics/occupancy": { province: "QC" },
  });
  for (const list of ["services", "organizations", "service_at_locations", "taxonomies", "taxonomy_terms"])
    values[`/api/hsds/${list}/{id}`] = { id: String(await hsdsId(list)) };
}, 300_000);
afterAll(() => server?.close());

/** The credentials an operation takes here: the admin token, or a partner's or the admin's session. */
function credentials(path: string): Record<string, string> {
  if (path === "/metrics" || path === "/api/health") return { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
  if (path.startsWith("/api/v1/partner/")) return { authorization: `Bearer ${tokens.partner}` };
  if (path.startsWith("/api/v1/")) return { authorization: `Bearer ${tokens.admin}` };
  return {};
}

function urlOf(path: string, op: Operation): string {
  const given = values[path] ?? {};
  const query = new URLSearchParams();
  let url = path;
  for (const p of op.parameters ?? []) {
    if (!p.required) continue;
    if (given[p.name] === undefined) throw new Error(`${path}: no value for ${p.in} parameter ${p.name}`);
    if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(String(given[p.name])));
    else query.set(p.name, String(given[p.name]));
  }
  return query.size ? `${url}?${query}` : url;
}

const noStoreDocumented = (op: Operation) => {
  const cacheControl = op.responses["200"]?.headers?.["Cache-Control"];
  return JSON.stringify(cacheControl?.schema?.enum) === '["no-store"]';
};

describe("the document's ETag and no-store, on the wire", () => {
  it("sends an ETag and answers its 304 where the document lists one, and no-store without a tag where it says so", async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    const notCalled: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of ["get", "head"]) {
        const op = item[method];
        if (!op?.responses["200"]) continue;
        const name = `${method} ${path}`;
        if (NOT_CALLED[name]) {
          notCalled.push(name);
          continue;
        }
        const url = urlOf(path, op);
        const init = { method: method.toUpperCase(), headers: credentials(path) };
        const res = await fetch(`${server.baseUrl}${url}`, init);
        await res.arrayBuffer();
        if (res.status !== 200) {
          problems.push(`${name}: ${res.status} for ${url}`);
          continue;
        }
        checked.push(name);
        const listsTag = op.responses["200"].headers?.ETag !== undefined;
        const noStore = noStoreDocumented(op);
        const tag = res.headers.get("etag");
        const cacheControl = res.headers.get("cache-control");
        if (listsTag === noStore)
          problems.push(
            `${name}: documents ${listsTag ? "both an ETag and no-store" : "neither an ETag nor no-store"}`,
          );
        if (listsTag) {
          if (!tag)
            problems.push(`${name}: documents an ETag, answered none (Cache-Control: ${cacheControl})`);
          else {
            const again = await fetch(`${server.baseUrl}${url}`, {
              ...init,
              headers: { ...init.headers, "if-none-match": tag },
            });
            await again.arrayBuffer();
            if (again.status !== 304)
              problems.push(`${name}: If-None-Match with its ETag got ${again.status}`);
          }
          if (!op.responses["304"]) problems.push(`${name}: documents an ETag but no 304`);
        }
        if (noStore) {
          if (cacheControl !== "no-store")
            problems.push(`${name}: documents no-store, answered ${cacheControl}`);
          if (tag) problems.push(`${name}: documents no-store, answered an ETag`);
          if (op.responses["304"]) problems.push(`${name}: documents no-store and a 304`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(notCalled.sort()).toEqual(Object.keys(NOT_CALLED).sort());
    // Both kinds, in each API, were reached.
    for (const name of [
      "get /api/hospitals",
      "get /api/v1/services/{id}",
      "get /api/snapshot/{id}",
      "head /api/health",
      "get /api/v1/admin/audit",
      "get /api/v1/partner/services",
      "get /api/exports/jobs/{id}.wacz",
      "get /metrics",
    ])
      expect(checked).toContain(name);
  });
});
