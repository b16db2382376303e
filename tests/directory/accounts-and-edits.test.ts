import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import {
  ACCOUNTS,
  bearer,
  PASSWORD,
  postLogin,
  prepareDirectoryData,
} from "../helpers/directory/accounts.js";
import { editable, readService } from "../helpers/directory/service-edits.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  server = await startTestServer({
    modules: [directoryModule],
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (p: string) => `${server.baseUrl}${p}`;
const json = { "content-type": "application/json" };
const login = (email: string, password: string, mode?: string, headers: Record<string, string> = {}) =>
  postLogin(server.baseUrl, email, password, mode, headers);
const getService = (id: string) => readService(server.baseUrl, id);

describe("sign-in", () => {
  it("sets a __Host- session cookie (Secure, HttpOnly, SameSite=Strict, Path=/, no Domain) and returns a CSRF token", async () => {
    const res = await login(ACCOUNTS.partnerA, PASSWORD);
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-dir_session=[\w-]{43};/);
    // Browsers refuse a __Host- cookie unless it is Secure, on Path=/ and has no Domain; Chromium
    // accepts Secure cookies from http://127.0.0.1 and localhost (tests/browser/partner-signin).
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const body = await res.json();
    expect(body.data.csrfToken).toBeTruthy();
    expect(body.data.token).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain(PASSWORD);
  });
  it("signs out by expiring the same __Host- cookie, and the old session no longer works", async () => {
    const res = await login(ACCOUNTS.partnerA, PASSWORD);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    const csrf = (await res.json()).data.csrfToken as string;
    const out = await fetch(url("/api/v1/auth/logout"), {
      method: "POST",
      headers: { cookie, "x-csrf-token": csrf },
    });
    expect(out.status).toBe(200);
    const expired = out.headers.get("set-cookie") ?? "";
    expect(expired).toMatch(/^__Host-dir_session=;/);
    expect(expired).toMatch(/Max-Age=0/);
    expect(expired).toMatch(/; Secure/);
    expect(expired).toMatch(/; Path=\/(;|$)/);
    expect((await fetch(url("/api/v1/auth/me"), { headers: { cookie } })).status).toBe(401);
  });
  it("documents the cookie it sets under its real name in the OpenAPI document", async () => {
    const res = await login(ACCOUNTS.partnerA, PASSWORD);
    const name = (res.headers.get("set-cookie") ?? "").split("=")[0];
    const doc = await (await fetch(url("/api/openapi.json"))).json();
    expect(doc.components.securitySchemes.directorySession).toMatchObject({ in: "cookie", name });
  });
  it("does not read a session from the old cookie name", async () => {
    const res = await login(ACCOUNTS.partnerA, PASSWORD);
    const token = (res.headers.get("set-cookie") ?? "").split(";")[0].split("=")[1];
    const me = await fetch(url("/api/v1/auth/me"), { headers: { cookie: `dir_session=${token}` } });
    expect(me.status).toBe(401);
  });
  it("refuses a wrong password and a disabled account with 401, in the envelope", async () => {
    const wrong = await login(ACCOUNTS.admin, "not the password", "bearer", {
      "x-forwarded-for": "10.0.0.1",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ success: false, error: "Unauthorized" });
    const unknown = await login("nobody@example.org", PASSWORD);
    expect(unknown.status).toBe(401);
    const disabled = await login(ACCOUNTS.disabled, PASSWORD);
    expect(disabled.status).toBe(401);
  });
  it("limits failed sign-ins per account and address: the sixth try is 429 even with the right password", async () => {
    for (let i = 0; i < 5; i++)
      expect((await login(ACCOUNTS.partnerB, `wrong-${i}-password`)).status).toBe(401);
    const blocked = await login(ACCOUNTS.partnerB, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ error: "RateLimited" });
    // Another account from the same address is not blocked by B's failures.
    expect((await login(ACCOUNTS.admin, PASSWORD, "bearer")).status).toBe(200);
  }, 120_000);
  it("rejects a bad login body with 400", async () => {
    const res = await fetch(url("/api/v1/auth/login"), {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: "x@y.z" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain("password");
  });
});

describe("cookie sessions need the CSRF token on writes", () => {
  it("403 without X-CSRF-Token, 403 with a wrong one, 200 with the right one", async () => {
    const res = await login(ACCOUNTS.partnerA, PASSWORD);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    const csrf = (await res.json()).data.csrfToken as string;
    const s = await getService("partners-in-mission-food-bank");
    const put = (headers: Record<string, string>) =>
      fetch(url(`/api/v1/services/${s.id}`), {
        method: "PUT",
        headers: { ...json, cookie, ...headers },
        body: JSON.stringify({ ...editable(s), version: s.version }),
      });
    expect((await put({})).status).toBe(403);
    expect((await put({ "x-csrf-token": "forged" })).status).toBe(403);
    expect((await put({ "x-csrf-token": csrf })).status).toBe(200);
    // Reads need no CSRF token.
    expect((await fetch(url("/api/v1/auth/me"), { headers: { cookie } })).status).toBe(200);
  });
  it("does not accept a cookie session's token as a bearer token (that would skip CSRF)", async () => {
    const res = await login(ACCOUNTS.partnerA, PASSWORD);
    const token = (res.headers.get("set-cookie") ?? "").split(";")[0].split("=")[1];
    expect(
      (await fetch(url("/api/v1/auth/me"), { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
  });
});

describe("versions, conflicts and the audit log", () => {
  it("needs a version (428), refuses a stale one with 409 and the current record, accepts If-Match", async () => {
    const token = await bearer(server.baseUrl, ACCOUNTS.partnerA);
    const auth = { ...json, authorization: `Bearer ${token}` };
    const s = await getService("partners-in-mission-food-bank");
    const oldTag = (await fetch(url(`/api/v1/services/${s.id}`))).headers.get("etag")!;
    const body = editable(s);
    const none = await fetch(url(`/api/v1/services/${s.id}`), {
      method: "PUT",
      headers: auth,
      body: JSON.stringify(body),
    });
    expect(none.status).toBe(428);
    const ok = await fetch(url(`/api/v1/services/${s.id}`), {
      method: "PUT",
      headers: { ...auth, "if-match": `"${s.version}"` },
      body: JSON.stringify({ ...body, fees: "Free for everyone" }),
    });
    expect(ok.status).toBe(200);
    const saved = (await ok.json()).data;
    expect(saved.version).toBe(s.version + 1);
    expect(saved.fees).toBe("Free for everyone");
    const stale = await fetch(url(`/api/v1/services/${s.id}`), {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ ...body, version: s.version }),
    });
    expect(stale.status).toBe(409);
    const conflict = await stale.json();
    expect(conflict.error).toBe("Conflict");
    expect(conflict.details.current.version).toBe(s.version + 1);
    expect(conflict.details.current.fees).toBe("Free for everyone");
    const disagree = await fetch(url(`/api/v1/services/${s.id}`), {
      method: "PUT",
      headers: { ...auth, "if-match": '"9"' },
      body: JSON.stringify({ ...body, version: 8 }),
    });
    expect(disagree.status).toBe(400);
    const badField = await fetch(url(`/api/v1/services/${s.id}`), {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ ...body, category: "pets", version: saved.version }),
    });
    expect(badField.status).toBe(400);
    expect((await getService(s.id)).version).toBe(saved.version);
    // The record's cached body was rebuilt: the old tag no longer answers 304.
    const revalidated = await fetch(url(`/api/v1/services/${s.id}`), {
      headers: { "if-none-match": oldTag },
    });
    expect(revalidated.status).toBe(200);
    expect((await revalidated.json()).data.fees).toBe("Free for everyone");
    // Search sees the edit at once.
    const found = await fetch(url("/api/v1/search/services"), {
      method: "POST",
      headers: json,
      body: JSON.stringify({ query: "Partners in Mission" }),
    });
    expect((await found.json()).data[0].fees).toBe("Free for everyone");
  });
  it("retiring leaves a tombstone for sync and a 404 for the record; admins read who did what", async () => {
    const token = await bearer(server.baseUrl, ACCOUNTS.admin);
    const before = new Date(Date.now() - 1000).toISOString();
    const s = await getService("salvation-army-cfs");
    const res = await fetch(url(`/api/v1/services/${s.id}`), {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "if-match": String(s.version) },
    });
    expect(res.status).toBe(200);
    expect((await fetch(url(`/api/v1/services/${s.id}`))).status).toBe(404);
    const sync = await (
      await fetch(url(`/api/v1/services?updated_since=${encodeURIComponent(before)}&limit=500`))
    ).json();
    expect(sync.data).toContainEqual({ id: s.id, deleted: true, updatedAt: expect.any(String) });
    const list = await (await fetch(url("/api/v1/services?limit=500"))).json();
    expect(list.data.some((x: { id: string }) => x.id === s.id)).toBe(false);
    const audit = await (
      await fetch(url(`/api/v1/admin/audit?service_id=${s.id}`), {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(audit.data[0]).toMatchObject({ action: "retire", actorEmail: ACCOUNTS.admin, entityId: s.id });
    expect(audit.data[0].before.name.en).toBe(s.name.en);
    expect(audit.data[0].after).toMatchObject({ deleted: true });
    expect(Date.parse(audit.data[0].at)).not.toBeNaN();
  });
  it("health shows its checks to an admin only", async () => {
    const token = await bearer(server.baseUrl, ACCOUNTS.admin);
    const admin = await (
      await fetch(url("/api/v1/health"), { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(admin.checks).toMatchObject({ database: "ok" });
    const partner = await (
      await fetch(url("/api/v1/health"), {
        headers: { authorization: `Bearer ${await bearer(server.baseUrl, ACCOUNTS.partnerA)}` },
      })
    ).json();
    expect(partner.checks).toBeUndefined();
  });
});
