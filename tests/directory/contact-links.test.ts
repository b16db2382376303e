/**
 * Issue #12, item 11: the website, email and phone fields of a service only take values a browser
 * cannot run. Through the real server, a partner's (or an admin's) create and replace with a
 * `javascript:`, `data:` or `vbscript:` value answer 400 naming the field, and nothing is stored;
 * such a website written before the check is never served.
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "../../server/db/store.js";
import { exportServices } from "../../server/directory/hsds/hsds-io.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { writeService } from "../../server/directory/repository-sqljs/service-rows.js";
import { isWebAddress } from "../../shared/directory/index.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { editable, readService } from "../helpers/directory/service-edits.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

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

const SERVICE_ID = "partners-in-mission-food-bank";
const url = (p: string) => `${server.baseUrl}${p}`;
const getService = (id: string) => readService(server.baseUrl, id);

const RUNNABLE = [
  "javascript:alert(document.cookie)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
];

/** Each field, the body that puts `value` in it, and the name the 400 must give it. */
const FIELDS: {
  name: string;
  set: (s: Record<string, unknown>, value: string) => Record<string, unknown>;
}[] = [
  { name: "url", set: (s, value) => ({ ...s, url: value }) },
  { name: "email", set: (s, value) => ({ ...s, email: value }) },
  {
    name: "phones.0.number",
    set: (s, value) => ({ ...s, phones: [{ number: value, label: null }] }),
  },
];

describe("a service's links only take values a browser cannot run", () => {
  for (const field of FIELDS) {
    it(`refuses javascript:, data: and vbscript: in ${field.name} on replace and create, storing nothing`, async () => {
      const before = await getService(SERVICE_ID);
      for (const value of RUNNABLE) {
        for (const [who, headers] of [
          ["partner", partner],
          ["admin", admin],
        ] as const) {
          const put = await fetch(url(`/api/v1/services/${SERVICE_ID}`), {
            method: "PUT",
            headers,
            body: JSON.stringify({ ...field.set(editable(before), value), version: before.version }),
          });
          expect(put.status, `${who} PUT ${field.name}=${value}`).toBe(400);
          const body = await put.json();
          expect(body).toMatchObject({ success: false, error: "ValidationError" });
          expect(body.message).toContain(`"${field.name}"`);
          expect(body.message).not.toContain(value.trim());

          const id = `link-test-${field.name.replace(/\W/g, "")}-${who}`;
          const post = await fetch(url("/api/v1/services"), {
            method: "POST",
            headers,
            body: JSON.stringify({
              ...field.set(editable(before), value),
              id,
              ...(who === "admin" ? { organizationId: before.organizationId } : {}),
            }),
          });
          expect(post.status, `${who} POST ${field.name}=${value}`).toBe(400);
          expect((await post.json()).message).toContain(`"${field.name}"`);
          expect((await fetch(url(`/api/v1/services/${id}`))).status).toBe(404);
        }
      }
      const after = await getService(SERVICE_ID);
      expect(after).toEqual(before);
      const list = await (await fetch(url("/api/v1/services?limit=500"))).text();
      expect(list).not.toMatch(/javascript:|vbscript:|data:text/i);
    }, 120_000);
  }

  it("tells what is allowed in the message", async () => {
    const before = await getService(SERVICE_ID);
    const res = await fetch(url(`/api/v1/services/${SERVICE_ID}`), {
      method: "PUT",
      headers: partner,
      body: JSON.stringify({ ...editable(before), url: "javascript:alert(1)", version: before.version }),
    });
    expect((await res.json()).message).toMatch(/http:\/\/ or https:\/\//);
  });

  it("keeps http and https websites, plain addresses and plain numbers", async () => {
    const before = await getService(SERVICE_ID);
    const res = await fetch(url(`/api/v1/services/${SERVICE_ID}`), {
      method: "PUT",
      headers: partner,
      body: JSON.stringify({
        ...editable(before),
        url: "http://www.example.org/food-bank?lang=fr#hours",
        email: "info@example.org",
        phones: [{ number: "+1 (613) 555-0100 ext. 12", label: "Office" }],
        version: before.version,
      }),
    });
    expect(res.status).toBe(200);
    expect(await getService(SERVICE_ID)).toMatchObject({
      url: "http://www.example.org/food-bank?lang=fr#hours",
      email: "info@example.org",
      phones: [{ number: "+1 (613) 555-0100 ext. 12", label: "Office" }],
    });
  });
});

describe("a runnable website stored before the check", () => {
  it("is served as no website by the public API and left out of exports", async () => {
    const legacyDir = await prepareDirectoryData();
    const store = await createStore({
      dataDir: legacyDir,
      name: "directory",
      migrations: directoryModule.migrations,
      logger: { info() {}, warn() {}, error() {} },
    });
    const current = (await directoryRepository({ store: store }).loadServices(SERVICE_ID)).services[0];
    await store.write((tx) =>
      writeService(tx, { ...current, url: "javascript:alert(document.cookie)" }, current.updatedAt),
    );
    expect((await directoryRepository({ store: store }).loadServices(SERVICE_ID)).services[0].url).toBeNull();
    const exported = path.join(legacyDir, "export.json");
    exportServices((await directoryRepository({ store: store }).loadServices()).services, exported, "json");
    expect(readFileSync(exported, "utf8")).not.toContain("javascript:");
    await store.close();

    const legacy = await startTestServer({ modules: [directoryModule], dataDir: legacyDir });
    try {
      const served = await (await fetch(`${legacy.baseUrl}/api/v1/services/${SERVICE_ID}`)).json();
      expect(served.data.url).toBeNull();
      const all = await (await fetch(`${legacy.baseUrl}/api/v1/services?limit=500`)).text();
      expect(all).not.toContain("javascript:");
    } finally {
      await legacy.close();
      rmSync(legacyDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("which websites the app links to", () => {
  it("links http and https addresses only", () => {
    expect(["https://example.org/a?b#c", "http://example.org"].every((u) => isWebAddress(u))).toBe(true);
    for (const u of [...RUNNABLE, "JAVASCRIPT:alert(1)", "ftp://example.org", "example.org", "", null])
      expect(isWebAddress(u), String(u)).toBe(false);
  });
});
