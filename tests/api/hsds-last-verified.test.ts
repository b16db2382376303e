/**
 * When a service was last checked is a date: free text or a day the calendar lacks is a 400 naming
 * `lastVerified`, on sql.js and on PostgreSQL alike, since HSDS publishes it as assured_date, which
 * the served OpenAPI document requires to be YYYY-MM-DD.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn, startDemoDirectory } from "../helpers/directory/demo-directory.js";
import { editable, readService } from "../helpers/directory/service-edits.js";
import { BACKENDS, pgBackend } from "../helpers/pg-backend.js";
import type { TestServer } from "../helpers/server.js";

const backends = pgBackend();
afterAll(() => backends.close());

/** Partner A's service. */
const OWN = "partners-in-mission-food-bank";

describe.each(BACKENDS)("on %s", (backend) => {
  let server: TestServer;
  let partner: string;
  beforeAll(async () => {
    server = await startDemoDirectory(await backends.databaseUrl(backend));
    [partner] = await signedIn(server, "partnerA");
  }, 60_000);
  afterAll(() => server?.close());

  const put = async (lastVerified: string | null) => {
    const own = await readService(server.baseUrl, OWN);
    return fetch(`${server.baseUrl}/api/v1/services/${OWN}`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${partner}`,
        "if-match": `"${own.version}"`,
      },
      body: JSON.stringify({ ...editable(own), lastVerified }),
    });
  };
  const assured = async () =>
    (await (await fetch(`${server.baseUrl}/api/hsds/services/${OWN}`)).json()).assured_date;

  it("refuses a lastVerified that is no date, or a day the calendar lacks, naming the field", async () => {
    const before = await assured();
    for (const bad of ["yesterday", "2026-02-30", "2026-02-30T10:00:00Z", "2026-01-31T25:00:00Z", ""]) {
      const res = await put(bad);
      expect(res.status, bad).toBe(400);
      const body = await res.json();
      expect(body.error).toBe("ValidationError");
      expect(body.message, bad).toContain('"lastVerified"');
    }
    expect(await assured()).toBe(before);
  });

  it("accepts a date, a date-time with its offset, and none; HSDS publishes the day", async () => {
    expect((await put("2026-02-28")).status).toBe(200);
    expect(await assured()).toBe("2026-02-28");
    expect((await put("2026-03-01T09:30:00.000-05:00")).status).toBe(200);
    expect(await assured()).toBe("2026-03-01");
    expect((await put(null)).status).toBe(200);
    expect(await assured()).toBeUndefined();
  });
});
