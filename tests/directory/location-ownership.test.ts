/**
 * A location id names a place of one service: a write listing another service's location, or
 * another organization's, is a 409 naming the field, and the other record's place is untouched.
 * On the real server, over real sql.js files and over a real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DirectoryService } from "../../shared/directory/types.js";
import { signedIn, startDemoDirectory } from "../helpers/directory/demo-directory.js";
import { editable, readService } from "../helpers/directory/service-edits.js";
import { BACKENDS, pgBackend } from "../helpers/pg-backend.js";
import type { TestServer } from "../helpers/server.js";

const backends = pgBackend();
afterAll(() => backends.close());

/** A service of ORG_A (partner A's) and one of another organization, each with its own location. */
const OWN = "partners-in-mission-food-bank";
const OTHERS = "kingston-youth-shelter";

describe.each(BACKENDS)("on %s", (backend) => {
  let server: TestServer;
  let partner: string;
  let admin: string;
  beforeAll(async () => {
    server = await startDemoDirectory(await backends.databaseUrl(backend));
    [partner, admin] = await signedIn(server, "partnerA", "admin");
  }, 60_000);
  afterAll(() => server?.close());

  const write = (method: "POST" | "PUT", path: string, token: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const read = (id: string) => readService(server.baseUrl, id);
  const moved = (s: DirectoryService, name: string) => ({
    ...s.locations[0],
    name,
    address: "1 Elsewhere Street",
    lat: 43.6,
    lng: -79.4,
  });

  it("refuses a new service listing another organization's location, and leaves that place as it was", async () => {
    const others = await read(OTHERS);
    const own = await read(OWN);
    const res = await write("POST", "/api/v1/services", partner, {
      ...editable(own),
      name: { en: "Pop-up pantry", fr: "Comptoir éphémère" },
      locations: [moved(others, "Somewhere else")],
    });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toBe("Conflict");
    expect(body.message).toContain(
      `"locations.0.id": "${others.locations[0].id}" is a location of another organization`,
    );
    expect(body.details.issues.map((i: { path: string }) => i.path)).toEqual(["locations.0.id"]);
    expect(await read(OTHERS)).toEqual(others);
  });

  it("lets two services of one organization share a place, but not move it under the other", async () => {
    const own = await read(OWN);
    const created = await write("POST", "/api/v1/services", partner, {
      ...editable(own),
      name: { en: "Evening pantry", fr: "Comptoir du soir" },
    });
    expect(created.status).toBe(201);
    const evening = (await created.json()).data as DirectoryService;
    expect(evening.locations).toEqual(own.locations);
    const res = await write("PUT", `/api/v1/services/${evening.id}`, partner, {
      ...editable(evening),
      version: evening.version,
      locations: [moved(own, "Evening hall")],
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toContain(
      `is also the location of service "${OWN}", which this change would move`,
    );
    expect(await read(OWN)).toEqual(own);
    // Retired, the copy lists the place no more: the next test moves it through its own record.
    const retired = await fetch(`${server.baseUrl}/api/v1/services/${evening.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${partner}`, "if-match": `"${evening.version}"` },
    });
    expect(retired.status).toBe(200);
  });

  it("lets a record change its own location, and keep it when an admin moves it to another organization", async () => {
    const own = await read(OWN);
    const changed = await write("PUT", `/api/v1/services/${OWN}`, partner, {
      ...editable(own),
      version: own.version,
      locations: [moved(own, "Main hall")],
    });
    expect(changed.status).toBe(200);
    const after = (await changed.json()).data as DirectoryService;
    expect(after.locations[0]).toMatchObject({ id: own.locations[0].id, name: "Main hall" });
    const others = await read(OTHERS);
    const reassigned = await write("PUT", `/api/v1/services/${OWN}`, admin, {
      ...editable(after),
      organizationId: others.organizationId,
      version: after.version,
    });
    expect(reassigned.status).toBe(200);
    expect((await reassigned.json()).data.locations[0].id).toBe(own.locations[0].id);
  });
});
