/**
 * The HSDS 3.0 read API over the real server: the meta object, services (paging, every filter,
 * minimal/full, one service by either id, 404s and 400s), languages, caching, and the OpenAPI
 * document. Every 200 body is parsed with our HSDS schemas.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hsdsId } from "../../server/directory/hsds-api/ids.js";
import { MAX_PER_PAGE } from "../../server/directory/hsds-api/query.js";
import {
  HsdsApiMeta,
  HsdsService,
  HsdsServiceMinimal,
  HsdsServiceSummary,
  hsdsPage,
} from "../../server/directory/hsds-api/schemas/records.js";
import { TAXONOMY_ID, TERMS } from "../../server/directory/hsds-api/taxonomy.js";
import {
  expectError,
  expectSchema,
  type HsdsTestServer,
  shapeOf,
  startHsdsServer,
} from "../helpers/directory/hsds-api-client.js";
import {
  DELETED,
  EXTRA_COUNT,
  EXTRA_ORG,
  FILLER_COUNT,
  FOOD_BANK,
  LATER,
} from "../helpers/directory/hsds-api-fixture.js";

const SummaryPage = hsdsPage(HsdsServiceSummary, "T1");
const FullPage = hsdsPage(HsdsService, "T2");
const MinimalPage = hsdsPage(HsdsServiceMinimal, "T3");
// The seed after merging its duplicates, less the deleted one, plus the fixture's services.
const TOTAL = 171 - 1 + EXTRA_COUNT + FILLER_COUNT;

let server: HsdsTestServer;
beforeAll(async () => {
  server = await startHsdsServer();
});
afterAll(() => server.close());

describe("GET /api/hsds/", () => {
  it("names the HSDS version, the profile and our OpenAPI document, which lists every HSDS route", async () => {
    const meta = await server.get("/api/hsds/");
    expect(meta.status).toBe(200);
    const body = expectSchema(HsdsApiMeta, meta.body);
    expect(body.version).toMatch(/^3\.0/);
    expect(body.openapi_url).toBe(`${server.baseUrl}/api/openapi.json`);
    expect((await server.get("/api/hsds")).body).toEqual(meta.body);
    const doc = (await server.get("/api/openapi.json")).body;
    for (const p of [
      "/api/hsds",
      "/api/hsds/services",
      "/api/hsds/services/{id}",
      "/api/hsds/organizations",
      "/api/hsds/organizations/{id}",
      "/api/hsds/service_at_locations",
      "/api/hsds/service_at_locations/{id}",
      "/api/hsds/taxonomies",
      "/api/hsds/taxonomies/{id}",
      "/api/hsds/taxonomy_terms",
      "/api/hsds/taxonomy_terms/{id}",
    ])
      expect(doc.paths[p]?.get, p).toBeTruthy();
    const perPage = doc.paths["/api/hsds/services"].get.parameters.find(
      (p: { name: string }) => p.name === "per_page",
    );
    expect(perPage.description).toContain(String(MAX_PER_PAGE));
  });

  it("publishes an OpenAPI document that is valid OpenAPI 3.1", async () => {
    const doc = (await server.get("/api/openapi.json")).body;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe("GET /api/hsds/services", () => {
  it("pages through every live service with the HSDS Page fields", async () => {
    const first = await server.get("/api/hsds/services?per_page=50");
    const page1 = expectSchema(SummaryPage, first.body);
    expect(page1).toMatchObject({
      total_items: TOTAL,
      total_pages: Math.ceil(TOTAL / 50),
      page_number: 1,
      size: 50,
      first_page: true,
      last_page: false,
      empty: false,
    });
    const lastNumber = Math.ceil(TOTAL / 50);
    const last = expectSchema(
      SummaryPage,
      (await server.get(`/api/hsds/services?per_page=50&page=${lastNumber}`)).body,
    );
    expect(last).toMatchObject({
      page_number: lastNumber,
      size: TOTAL - 50 * (lastNumber - 1),
      first_page: false,
      last_page: true,
    });
    const past = expectSchema(
      SummaryPage,
      (await server.get(`/api/hsds/services?per_page=50&page=${lastNumber + 1}`)).body,
    );
    expect(past).toMatchObject({ size: 0, empty: true, last_page: true, contents: [] });
    // Defaults: page 1 of 50; the items are distinct and in name order.
    const plain = expectSchema(SummaryPage, (await server.get("/api/hsds/services")).body);
    expect(plain.size).toBe(50);
    const ids = new Set<string>();
    for (let p = 1; p <= lastNumber; p++) {
      const page = (await server.get(`/api/hsds/services?per_page=50&page=${p}`)).body;
      for (const s of page.contents) ids.add(s.id);
    }
    expect(ids.size).toBe(TOTAL);
    expect(ids.has(hsdsId("service", DELETED))).toBe(false);
  });

  it(`caps per_page at ${MAX_PER_PAGE}, and minimal=true lists every service in one page`, async () => {
    const capped = expectSchema(SummaryPage, (await server.get("/api/hsds/services?per_page=5000")).body);
    expect(capped.size).toBe(MAX_PER_PAGE);
    expect(capped.total_pages).toBe(Math.ceil(TOTAL / MAX_PER_PAGE));
    const minimal = expectSchema(
      MinimalPage,
      (await server.get("/api/hsds/services?minimal=true&per_page=5000")).body,
    );
    expect(minimal.size).toBe(TOTAL);
    expect(Object.keys(minimal.contents[0]).sort()).toEqual(["id", "last_modified", "name", "status"]);
  });

  it("answers 400 in the envelope for a bad page, per_page, modified_after or flag", async () => {
    expectError(await server.get("/api/hsds/services?page=0"), 400, "ValidationError", '"page"');
    expectError(await server.get("/api/hsds/services?page=two"), 400, "ValidationError", '"page"');
    expectError(await server.get("/api/hsds/services?page=-1"), 400, "ValidationError", '"page"');
    expectError(await server.get("/api/hsds/services?per_page=0"), 400, "ValidationError", '"per_page"');
    expectError(await server.get("/api/hsds/services?per_page=1.5"), 400, "ValidationError", '"per_page"');
    expectError(
      await server.get("/api/hsds/services?modified_after=yesterday"),
      400,
      "ValidationError",
      '"modified_after"',
    );
    expectError(
      await server.get("/api/hsds/services?modified_after=2026-13-45"),
      400,
      "ValidationError",
      '"modified_after"',
    );
    expectError(await server.get("/api/hsds/services?minimal=yes"), 400, "ValidationError", '"minimal"');
    expectError(await server.get("/api/hsds/services?lang=de"), 400, "ValidationError", '"lang"');
    expectError(await server.get("/api/hsds/services?format=xml"), 400, "ValidationError", '"format"');
    expectError(
      await server.get("/api/hsds/services?minimal=true&full=true"),
      400,
      "ValidationError",
      '"minimal"',
    );
  });

  it("full=true gives fully nested services", async () => {
    const page = expectSchema(FullPage, (await server.get("/api/hsds/services?full=true&per_page=200")).body);
    expect(page.contents.every((s) => s.attributes.length >= 1)).toBe(true);
    expect(page.contents.some((s) => s.service_at_locations.length > 0)).toBe(true);
  });

  it("search ranks exactly as /api/v1 does", async () => {
    for (const q of ["food bank", "j'ai faim", "crisis line", "avocat"]) {
      const hsds = expectSchema(
        SummaryPage,
        (await server.get(`/api/hsds/services?per_page=10&search=${encodeURIComponent(q)}`)).body,
      );
      const v1 = (await server.get(`/api/v1/services?limit=10&q=${encodeURIComponent(q)}`)).body;
      expect(
        hsds.contents.map((s) => s.x_directory_id),
        q,
      ).toEqual(v1.data.map((s: { id: string }) => s.id));
      expect(hsds.total_items, q).toBe(v1.meta.total);
      expect(hsds.size, q).toBeGreaterThan(0);
    }
    const none = expectSchema(SummaryPage, (await server.get("/api/hsds/services?search=xqzvw")).body);
    expect(none).toMatchObject({ total_items: 0, total_pages: 0, empty: true, last_page: true });
  });

  it("filters by taxonomy term, taxonomy, organization and modified_after, combined", async () => {
    const all = [
      ...(await server.get("/api/hsds/services?full=true&per_page=200")).body.contents,
      ...(await server.get("/api/hsds/services?full=true&per_page=200&page=2")).body.contents,
    ] as Array<{ id: string; organization_id: string; attributes: Array<{ taxonomy_term_id: string }> }>;
    expect(all).toHaveLength(TOTAL);
    const groceries = TERMS.find((t) => t.code === "food.groceries")!;
    const expected = all
      .filter((s) => s.attributes.some((a) => a.taxonomy_term_id === groceries.id))
      .map((s) => s.id);
    expect(expected.length).toBeGreaterThan(EXTRA_COUNT);
    const byTerm = (await server.get(`/api/hsds/services?per_page=200&taxonomy_term_id=${groceries.id}`))
      .body;
    expect(byTerm.contents.map((s: { id: string }) => s.id).sort()).toEqual(expected.sort());

    expect((await server.get(`/api/hsds/services?taxonomy_id=${TAXONOMY_ID}`)).body.total_items).toBe(TOTAL);
    expect(
      (await server.get(`/api/hsds/services?taxonomy_id=${hsdsId("taxonomy", "other")}`)).body.total_items,
    ).toBe(0);

    const org = hsdsId("organization", EXTRA_ORG);
    for (const key of [org, EXTRA_ORG]) {
      const mine = (await server.get(`/api/hsds/services?organization_id=${key}`)).body;
      expect(mine.total_items).toBe(EXTRA_COUNT);
      expect(mine.contents.every((s: { organization_id: string }) => s.organization_id === org)).toBe(true);
    }
    expect((await server.get("/api/hsds/services?organization_id=nobody")).body.total_items).toBe(0);

    const changed = (await server.get("/api/hsds/services?modified_after=2029-12-31")).body;
    expect(changed.contents.map((s: { x_directory_id: string }) => s.x_directory_id)).toEqual([FOOD_BANK]);
    const exact = (await server.get(`/api/hsds/services?modified_after=${encodeURIComponent(LATER)}`)).body;
    expect(exact.total_items).toBe(1);
    const offset = (
      await server.get(`/api/hsds/services?modified_after=${encodeURIComponent("2029-12-31T19:00:01-05:00")}`)
    ).body;
    expect(offset.total_items).toBe(0);

    const combined = (
      await server.get(
        `/api/hsds/services?organization_id=${EXTRA_ORG}&taxonomy_term_id=${groceries.id}&search=quokka`,
      )
    ).body;
    expect(combined.total_items).toBe(EXTRA_COUNT);
    const contradictory = (
      await server.get(`/api/hsds/services?organization_id=${EXTRA_ORG}&modified_after=2029-12-31`)
    ).body;
    expect(contradictory.total_items).toBe(0);
  });
});

describe("GET /api/hsds/services/{id}", () => {
  it("finds a service by its UUID (any case) or its directory id, fully nested", async () => {
    const id = hsdsId("service", FOOD_BANK);
    const byUuid = await server.get(`/api/hsds/services/${id}`);
    expect(byUuid.status).toBe(200);
    const service = expectSchema(HsdsService, byUuid.body);
    expect(service).toMatchObject({ id, x_directory_id: FOOD_BANK, status: "active", last_modified: LATER });
    expect((await server.get(`/api/hsds/services/${id.toUpperCase()}`)).body).toEqual(byUuid.body);
    expect((await server.get(`/api/hsds/services/${FOOD_BANK}`)).body).toEqual(byUuid.body);
    expect(service.organization?.id).toBe(service.organization_id);
    const link = service.service_at_locations[0];
    expect(link.service_id).toBe(id);
    expect(link.location?.addresses[0]).toMatchObject({ country: "CA", address_type: "physical" });
    expect(link.schedules?.length).toBe(service.schedules.length);
  });

  it("publishes hours in iCal terms with their UTC offset, and dated exceptions", async () => {
    const s = expectSchema(HsdsService, (await server.get(`/api/hsds/services/${FOOD_BANK}`)).body);
    const weekly = s.schedules.filter((x) => x.freq === "WEEKLY");
    expect(weekly.length).toBeGreaterThan(0);
    for (const w of weekly) {
      expect(w.byday).toMatch(/^(MO|TU|WE|TH|FR|SA|SU)$/);
      expect([-5, -4]).toContain(w.timezone);
      expect(w.opens_at?.endsWith(w.timezone === -5 ? "-05:00" : "-04:00")).toBe(true);
      expect(w.x_timezone).toBe("America/Toronto");
      expect(w.notes).toBe("Closed on statutory holidays");
    }
    const closed = s.schedules.find((x) => x.valid_from === "2026-12-25");
    expect(closed).toMatchObject({
      valid_to: "2026-12-25",
      dtstart: "2026-12-25",
      x_closed: true,
      timezone: -5,
    });
    expect(closed?.opens_at).toBeUndefined();
    const summer = s.schedules.find((x) => x.valid_from === "2026-07-02");
    expect(summer).toMatchObject({
      opens_at: "10:00-04:00",
      closes_at: "14:00-04:00",
      timezone: -4,
      x_closed: false,
    });
  });

  it("gives languages as ISO codes, and no code rather than a guess", async () => {
    const s = expectSchema(HsdsService, (await server.get(`/api/hsds/services/${FOOD_BANK}`)).body);
    expect(s.languages.map((l) => [l.code, l.name])).toEqual([
      ["en", "English"],
      ["fr", "French"],
      ["oj", "Ojibwa"],
      [undefined, "Elvish"],
    ]);
  });

  it("answers 404 in the envelope for an unknown or deleted service", async () => {
    expectError(
      await server.get(`/api/hsds/services/${hsdsId("service", "no-such")}`),
      404,
      "NotFound",
      "No service",
    );
    expectError(await server.get("/api/hsds/services/no-such"), 404, "NotFound", "no-such");
    expectError(
      await server.get(`/api/hsds/services/${hsdsId("service", DELETED)}`),
      404,
      "NotFound",
      "deleted",
    );
  });
});

describe("languages and caching", () => {
  it("serves French under lang=fr or Accept-Language, in the same shape", async () => {
    const path = `/api/hsds/services/${FOOD_BANK}`;
    const en = await server.get(path);
    const fr = await server.get(`${path}?lang=fr`);
    expect(en.headers.get("content-language")).toBe("en");
    expect(fr.headers.get("content-language")).toBe("fr");
    expect(fr.headers.get("vary")).toMatch(/accept-language/i);
    expectSchema(HsdsService, fr.body);
    expect(shapeOf(fr.body)).toEqual(shapeOf(en.body));
    expect(fr.body.name).not.toBe(en.body.name);
    expect(fr.body.name).toMatch(/Banque alimentaire/);
    expect(fr.body.languages[1].name).toBe("Français");
    expect(fr.body.schedules[0].notes).toBe("Fermé les jours fériés");
    expect(fr.body.attributes[0].taxonomy_term).toMatchObject({ name: "Alimentation", language: "fr" });
    expect((await server.get(path, { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5" })).body).toEqual(fr.body);
    expect((await server.get(path, { "Accept-Language": "de, en;q=0.4, fr;q=0.8" })).body).toEqual(fr.body);
    expect((await server.get(`${path}?lang=en`, { "Accept-Language": "fr" })).body).toEqual(en.body);
    expect((await server.get(path, { "Accept-Language": "de" })).body).toEqual(en.body);
    const listFr = (await server.get("/api/hsds/services?per_page=5&lang=fr")).body;
    const listEn = (await server.get("/api/hsds/services?per_page=5")).body;
    expect(shapeOf(listFr)).toEqual(shapeOf(listEn));
  });

  it("answers 304 to a client holding the page, as the rest of the API does", async () => {
    const first = await fetch(`${server.baseUrl}/api/hsds/services?per_page=5`);
    const tag = first.headers.get("etag");
    expect(tag).toBeTruthy();
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await fetch(`${server.baseUrl}/api/hsds/services?per_page=5`, {
      headers: { "If-None-Match": tag as string },
    });
    expect(again.status).toBe(304);
    const french = await fetch(`${server.baseUrl}/api/hsds/services?per_page=5&lang=fr`, {
      headers: { "If-None-Match": tag as string },
    });
    expect(french.status).toBe(200);
  });
});

describe("format=ndjson", () => {
  it("streams every matching service, unpaged, one HSDS object per line", async () => {
    const res = await fetch(`${server.baseUrl}/api/hsds/services?format=ndjson&per_page=5&page=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = (await res.text()).split("\n").filter(Boolean);
    expect(lines).toHaveLength(TOTAL);
    const ids = lines.map((l) => expectSchema(HsdsServiceSummary, JSON.parse(l)).id);
    const all = expectSchema(
      MinimalPage,
      (await server.get("/api/hsds/services?minimal=true&per_page=1000")).body,
    );
    expect(all.total_items).toBe(TOTAL);
    expect(new Set(ids)).toEqual(new Set(all.contents.map((s) => s.id)));
  });

  it("applies the filters and the full form, in French too", async () => {
    const org = EXTRA_ORG;
    const res = await fetch(
      `${server.baseUrl}/api/hsds/services?format=ndjson&full=true&lang=fr&organization_id=${org}`,
    );
    const lines = (await res.text()).split("\n").filter(Boolean);
    const json = expectSchema(
      FullPage,
      (await server.get(`/api/hsds/services?full=true&lang=fr&organization_id=${org}`)).body,
    );
    expect(lines.map((l) => expectSchema(HsdsService, JSON.parse(l)))).toEqual(json.contents);
  });
});
