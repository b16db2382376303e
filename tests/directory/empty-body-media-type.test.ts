/**
 * Issue #25 §5: a write with an empty body and a Content-Type that is not JSON (text/plain, a form,
 * multipart) answered 500 with an error-level stack on sign-in, service writes, AI and incidents.
 * It is a 415 UnsupportedMediaType in the envelope on every such route, and the server logs no error.
 * A write that carries no body and declares no type (sign-out) still goes through.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let dataDir: string;
let admin: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  server = await startTestServer({
    modules: [directoryModule],
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
  admin = await bearer(server.baseUrl, ACCOUNTS.admin);
});
afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Each route family that reads a JSON body: sign-in, service writes, AI, incidents. */
const ROUTES: [method: string, path: string][] = [
  ["POST", "/api/v1/auth/login"],
  ["POST", "/api/v1/services"],
  ["PUT", "/api/v1/services/partners-in-mission-food-bank"],
  ["POST", "/api/v1/ai/interpret"],
  ["POST", "/api/v1/admin/incidents"],
  ["POST", "/api/v1/admin/incidents/INC-20260115-001/acknowledge"],
];
const TYPES = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"];

describe("an empty body declared as something else than JSON", () => {
  for (const [method, path] of ROUTES)
    it(`answers 415 on ${method} ${path}`, async () => {
      for (const type of TYPES) {
        const res = await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${admin}`, "content-type": type },
          body: "",
        });
        const what = `${method} ${path} as ${type}`;
        expect(res.status, what).toBe(415);
        const body = await res.json();
        expect(body, what).toEqual({
          success: false,
          error: "UnsupportedMediaType",
          message: `Content-Type "${type.split(";")[0]}" is not accepted: send the body as application/json.`,
        });
      }
    });

  it("answers 4xx, never 500, to an empty body with no Content-Type on the same routes", async () => {
    for (const [method, path] of ROUTES) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${admin}` },
      });
      const body = await res.json();
      // A missing body field, or the incident that does not exist: either way the client's to fix.
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(body.success, `${method} ${path}`).toBe(false);
    }
  });

  it("still signs out with no body and no Content-Type", async () => {
    const token = await bearer(server.baseUrl, ACCOUNTS.partnerA);
    const res = await fetch(`${server.baseUrl}/api/v1/auth/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBeLessThan(300);
  });
});
