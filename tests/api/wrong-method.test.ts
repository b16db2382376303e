/**
 * Every documented path asked with a method it does not take answers 405 MethodNotAllowed with
 * Allow, signed in or not, even where a step registered on the path for all methods (the sign-in
 * check of /api/v1/admin/* and of service writes, the search's JSON-only check) refuses first;
 * and those steps still refuse what they guard on the methods the path does take.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

type Operation = { security?: Record<string, unknown>[] };
type Doc = { paths: Record<string, Record<string, Operation>> };

const ASKED = ["GET", "HEAD", "POST", "PUT", "DELETE"];

let server: TestServer;
let dataDir: string;
let doc: Doc;
let admin: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  server = await startTestServer({ dataDir, env: { RATE_LIMIT_PER_MINUTE: "100000" } });
  doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
  admin = await bearer(server.baseUrl, ACCOUNTS.admin);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A concrete path for a template: each parameter becomes "x". */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, "x");

/** The documented methods of a path, as an Allow header lists them. */
function takes(template: string): Set<string> {
  const methods = new Set(Object.keys(doc.paths[template]).map((m) => m.toUpperCase()));
  if (methods.has("GET")) methods.add("HEAD");
  return methods;
}

/** Each documented path with each method of ASKED it does not take. */
function wrongMethods(): { template: string; method: string }[] {
  return Object.keys(doc.paths).flatMap((template) =>
    ASKED.filter((method) => !takes(template).has(method)).map((method) => ({ template, method })),
  );
}

async function answers(headers: Record<string, string>) {
  const wrong: string[] = [];
  for (const { template, method } of wrongMethods()) {
    const res = await fetch(`${server.baseUrl}${concrete(template)}`, { method, headers });
    await res.arrayBuffer();
    const allow = new Set((res.headers.get("allow") ?? "").split(", "));
    const expected = takes(template);
    if (res.status !== 405 || ![...expected].every((m) => allow.has(m)))
      wrong.push(`${method} ${template}: ${res.status} Allow: ${res.headers.get("allow")}`);
  }
  return wrong;
}

describe("a method the path does not take", () => {
  it("is a 405 with Allow on every documented path, for a caller who is not signed in", async () => {
    expect(wrongMethods().length).toBeGreaterThan(100);
    expect(await answers({})).toEqual([]);
  });

  it("is a 405 with Allow for a signed-in administrator too", async () => {
    expect(await answers({ authorization: `Bearer ${admin}` })).toEqual([]);
  });
});

describe("the methods a path does take keep their guards", () => {
  it("refuses every operation that needs credentials with 401 when none are sent", async () => {
    const open: string[] = [];
    let guarded = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const needs =
          (op.security ?? []).length > 0 && !op.security?.some((s) => Object.keys(s).length === 0);
        if (!needs) continue;
        guarded++;
        const res = await fetch(`${server.baseUrl}${concrete(template)}`, { method: method.toUpperCase() });
        await res.arrayBuffer();
        if (res.status !== 401) open.push(`${method} ${template}: ${res.status}`);
      }
    }
    expect(guarded).toBeGreaterThan(15);
    expect(open).toEqual([]);
  });

  it("still refuses a search that is not JSON with 415", async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/search/services`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "food",
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe("UnsupportedMediaType");
  });
});
