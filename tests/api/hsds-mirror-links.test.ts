/**
 * How a mirror of service_at_locations learns that a link went away (docs/integrators.md,
 * "Mirroring sites and organizations"): links are listed live only, so it syncs by service, whose
 * changed items nest their current links and whose deletions come as x_deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn, startDemoDirectory } from "../helpers/directory/demo-directory.js";
import { editable, readService } from "../helpers/directory/service-edits.js";
import type { TestServer } from "../helpers/server.js";

const OWN = "partners-in-mission-food-bank";

describe("a mirror of service_at_locations, syncing as the guide says", () => {
  let server: TestServer;
  let partner: string;
  beforeAll(async () => {
    server = await startDemoDirectory(undefined);
    [partner] = await signedIn(server, "partnerA");
  }, 60_000);
  afterAll(() => server?.close());
  const get = async (path: string) => (await fetch(`${server.baseUrl}${path}`)).json();

  it("drops a site taken off a service through the service's changed item", async () => {
    const own = await readService(server.baseUrl, OWN);
    expect(own.locations.length).toBeGreaterThan(0);
    const before = (await get(`/api/hsds/services/${OWN}`)).service_at_locations.map(
      (l: { id: string }) => l.id,
    );
    const since = new Date().toISOString();
    const res = await fetch(`${server.baseUrl}/api/v1/services/${OWN}`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${partner}`,
        "if-match": `"${own.version}"`,
      },
      body: JSON.stringify({ ...editable(own), locations: [], scope: "provincial" }),
    });
    expect(res.status).toBe(200);
    // The link list names only live links: the removed one is in neither answer.
    const links = await get(`/api/hsds/service_at_locations?modified_after=${encodeURIComponent(since)}`);
    expect(links.contents.map((l: { id: string }) => l.id)).not.toEqual(expect.arrayContaining(before));
    // The service's changed item carries its links as they are now: the mirror replaces its own.
    const changed = await get(`/api/hsds/services?full=true&modified_after=${encodeURIComponent(since)}`);
    const item = changed.contents.find((s: { x_directory_id: string }) => s.x_directory_id === OWN);
    expect(item.service_at_locations).toEqual([]);
    expect(item.organization.id).toBeTruthy();
  });
});
