/**
 * `postcode` and `proximity` on GET /api/hsds/service_at_locations, over the real server: coverage
 * by a postal code alone, distance from its centre (from the directory's own sites, or from a
 * geocoder served by a real local HTTP server), and the 400s. Expected answers are computed from
 * /api/v1 records with the shared distance function, independently of the HSDS code.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HsdsServiceAtLocationSummary, hsdsPage } from "../../server/directory/hsds-api/schemas/records.js";
import type { DirectoryService } from "../../shared/directory/index.js";
import { haversineKm } from "../../shared/geo/index.js";
import {
  expectError,
  expectSchema,
  type HsdsTestServer,
  startHsdsServer,
} from "../helpers/directory/hsds-api-client.js";
import { PROVINCIAL } from "../helpers/directory/hsds-api-fixture.js";

const LinkPage = hsdsPage(HsdsServiceAtLocationSummary, "G1");
const GEOCODED = { lat: 44.2312, lng: -76.486 };

let plain: HsdsTestServer;
let geocoded: HsdsTestServer;
let geocoder: Server;
const asked: string[] = [];
beforeAll(async () => {
  geocoder = createServer((req, res) => {
    asked.push(req.url ?? "");
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(
        JSON.stringify([{ lat: String(GEOCODED.lat), lon: String(GEOCODED.lng), display_name: "Kingston" }]),
      );
  });
  await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
  plain = await startHsdsServer();
  geocoded = await startHsdsServer({
    GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await plain.close();
  await geocoded.close();
  await new Promise((resolve) => geocoder.close(resolve));
});

async function v1Services(server: HsdsTestServer): Promise<DirectoryService[]> {
  return (await server.get("/api/v1/services?limit=500")).body.data;
}
const linkId = (s: DirectoryService, i: number) => `${s.id}@${s.locations[i].id}`;
async function linkIds(server: HsdsTestServer, query: string): Promise<string[]> {
  const page = expectSchema(
    LinkPage,
    (await server.get(`/api/hsds/service_at_locations?per_page=200&${query}`)).body,
  );
  expect(page.total_items).toBeLessThanOrEqual(200);
  return page.contents.map((l) => l.x_directory_id);
}

/** Links within `km` of `centre` at sites where people are served, nearest first. */
function nearby(services: DirectoryService[], centre: { lat: number; lng: number }, km: number): string[] {
  return services
    .flatMap((s) =>
      s.locations.map((l, i) => ({
        id: linkId(s, i),
        km:
          l.type === "physical" && l.lat !== null && l.lng !== null
            ? haversineKm(centre, { lat: l.lat, lng: l.lng })
            : null,
        name: s.name.en,
      })),
    )
    .filter((x): x is { id: string; km: number; name: string } => x.km !== null && x.km <= km)
    .sort((a, b) => a.km - b.km)
    .map((x) => x.id);
}

describe("postcode alone: services covering it", () => {
  it("keeps national services, provincial ones of its province, local ones in its sortation area", async () => {
    const services = await v1Services(plain);
    for (const [postcode, province, fsa] of [
      ["K7L 1G5", "ON", "K7L"],
      ["h3b4g7", "QC", "H3B"],
    ]) {
      const covers = (s: DirectoryService) =>
        s.scope === "national" ||
        (s.scope === "provincial" && s.locations.some((l) => l.province === province)) ||
        (s.scope === "local" &&
          s.locations.some((l) => l.type === "physical" && l.postalCode?.replace(/\s/g, "").startsWith(fsa)));
      const expected = services.filter(covers).flatMap((s) => s.locations.map((_, i) => linkId(s, i)));
      const got = await linkIds(plain, `postcode=${encodeURIComponent(postcode)}`);
      expect(got.sort(), postcode).toEqual(expected.sort());
      expect(
        got.some((id) => id.startsWith(`${PROVINCIAL}@`)),
        postcode,
      ).toBe(province === "ON");
    }
    expect((await linkIds(plain, "postcode=K7L")).length).toBeGreaterThan(10);
  });
});

describe("postcode with proximity: sites near its centre", () => {
  it("measures from the centre of the directory's sites in that area without a geocoder, nearest first", async () => {
    const centre = (await plain.get("/api/v1/geocode?q=K7L%201G5")).body.data;
    const services = await v1Services(plain);
    for (const metres of [500, 1500, 5000]) {
      const expected = nearby(services, centre, metres / 1000);
      const got = await linkIds(plain, `postcode=K7L%201G5&proximity=${metres}`);
      expect(got, String(metres)).toEqual(expected);
    }
    expect((await linkIds(plain, "postcode=K7L%201G5&proximity=1500")).length).toBeGreaterThan(0);
  });

  it("asks the configured geocoder for the centre", async () => {
    const services = await v1Services(geocoded);
    const got = await linkIds(geocoded, "postcode=K7K%204N8&proximity=2500");
    expect(asked.some((u) => decodeURIComponent(u).includes("K7K 4N8"))).toBe(true);
    expect(got).toEqual(nearby(services, GEOCODED, 2.5));
    expect(got.length).toBeGreaterThan(0);
  });

  it("keeps the search ranking's order when searching", async () => {
    const ranked = await linkIds(plain, "search=food%20bank");
    const near = await linkIds(plain, "search=food%20bank&postcode=K7L%201G5&proximity=20000");
    expect(near.length).toBeGreaterThan(1);
    expect(near).toEqual(ranked.filter((id) => near.includes(id)));
  });

  it("answers 400 in the envelope for a bad postcode or proximity", async () => {
    const get = (q: string) => plain.get(`/api/hsds/service_at_locations?${q}`);
    expectError(await get("proximity=1000"), 400, "ValidationError", '"proximity" needs "postcode"');
    expectError(await get("postcode=12345"), 400, "ValidationError", '"postcode"');
    expectError(await get("postcode=D1A%201A1"), 400, "ValidationError", '"postcode"');
    expectError(await get("postcode=K7L&proximity=0"), 400, "ValidationError", '"proximity"');
    expectError(await get("postcode=K7L&proximity=near"), 400, "ValidationError", '"proximity"');
    expectError(await get("postcode=K7L&proximity=5000000"), 400, "ValidationError", '"proximity"');
    expectError(await get("postcode=X0A%200H0&proximity=1000"), 400, "ValidationError", "cannot place");
  });
});
