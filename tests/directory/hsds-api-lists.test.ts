/**
 * The HSDS read API's organizations, service_at_locations and taxonomy routes over the real
 * server: paging, every parameter, lookups by either id, 404s and 400s; every 200 body is parsed
 * with our HSDS schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hsdsId } from "../../server/directory/hsds-api/ids.js";
import { HsdsTaxonomy, HsdsTaxonomyTerm } from "../../server/directory/hsds-api/schemas/objects.js";
import {
  HsdsOrganization,
  HsdsOrganizationSummary,
  HsdsServiceAtLocation,
  HsdsServiceAtLocationSummary,
  HsdsServiceSummary,
  hsdsPage,
} from "../../server/directory/hsds-api/schemas/records.js";
import { TAXONOMY_ID, TERMS } from "../../server/directory/hsds-api/taxonomy.js";
import { CATEGORIES } from "../../shared/directory/index.js";
import {
  expectError,
  expectSchema,
  type HsdsTestServer,
  shapeOf,
  startHsdsServer,
} from "../helpers/directory/hsds-api-client.js";
import { DELETED, EXTRA_COUNT, EXTRA_ORG, FOOD_BANK } from "../helpers/directory/hsds-api-fixture.js";

const OrgPage = hsdsPage(HsdsOrganizationSummary, "L1");
const FullOrgPage = hsdsPage(HsdsOrganization, "L2");
const LinkPage = hsdsPage(HsdsServiceAtLocationSummary, "L3");
const FullLinkPage = hsdsPage(HsdsServiceAtLocation, "L4");
const TaxonomyPage = hsdsPage(HsdsTaxonomy, "L5");
const TermPage = hsdsPage(HsdsTaxonomyTerm, "L6");
/** One organization per seed service (171 once duplicates are merged), less the deleted one, plus the two test ones. */
const ORGS = 171 - 1 + 2;

let server: HsdsTestServer;
beforeAll(async () => {
  server = await startHsdsServer();
});
afterAll(() => server.close());

describe("organizations", () => {
  it("lists organizations with live services, by name, paged", async () => {
    const page = expectSchema(OrgPage, (await server.get("/api/hsds/organizations?per_page=100")).body);
    expect(page).toMatchObject({ total_items: ORGS, total_pages: 2, size: 100 });
    const names = page.contents.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const all = (await server.get("/api/hsds/organizations?per_page=200")).body.contents;
    expect(all.map((o: { x_directory_id: string }) => o.x_directory_id)).not.toContain(`org-${DELETED}`);
  });

  it("search orders organizations by their best-matching service; full and full_service nest", async () => {
    const found = expectSchema(OrgPage, (await server.get("/api/hsds/organizations?search=quokka")).body);
    expect(found.contents[0].x_directory_id).toBe(EXTRA_ORG);
    expect(found.total_items).toBe(1);
    const full = expectSchema(
      FullOrgPage,
      (await server.get("/api/hsds/organizations?search=quokka&full=true")).body,
    );
    expect(full.contents[0].services).toHaveLength(EXTRA_COUNT);
    expect(full.contents[0].locations).toHaveLength(EXTRA_COUNT);
    expectSchema(HsdsServiceSummary, full.contents[0].services[0]);
    expect(full.contents[0].services[0]).not.toHaveProperty("attributes");
    const nested = (await server.get("/api/hsds/organizations?search=quokka&full_service=true")).body;
    expect(nested.contents[0].services[0].attributes.length).toBeGreaterThan(0);
    const v1 = (await server.get("/api/v1/services?q=food%20bank&limit=200")).body.data;
    const ranked = (await server.get("/api/hsds/organizations?search=food%20bank&per_page=200")).body;
    expect(ranked.total_items).toBeGreaterThan(3);
    expect(ranked.contents.map((o: { x_directory_id: string }) => o.x_directory_id)).toEqual([
      ...new Set(v1.map((s: { organizationId: string }) => s.organizationId)),
    ]);
    expectError(
      await server.get("/api/hsds/organizations?full_service=1"),
      400,
      "ValidationError",
      '"full_service"',
    );
  });

  it("gives one organization by UUID or directory id, its services by full_service; 404 otherwise", async () => {
    const id = hsdsId("organization", EXTRA_ORG);
    const org = expectSchema(HsdsOrganization, (await server.get(`/api/hsds/organizations/${id}`)).body);
    expect(org).toMatchObject({
      id,
      name: "HSDS Test Collective",
      description: "",
      x_directory_id: EXTRA_ORG,
    });
    expect(org.services.map((s) => s.name)).toEqual(
      Array.from({ length: EXTRA_COUNT }, (_, i) => `Quokka pantry ${String(i + 1).padStart(2, "0")}`),
    );
    expect((await server.get(`/api/hsds/organizations/${EXTRA_ORG}`)).body).toEqual(org);
    const full = (await server.get(`/api/hsds/organizations/${id}?full_service=true&lang=fr`)).body;
    expectSchema(HsdsOrganization, full);
    expect(full.services[0].name).toBe("Garde-manger quokka 01");
    expect(full.services[0].schedules.length).toBeGreaterThan(0);
    expectError(
      await server.get(`/api/hsds/organizations/${hsdsId("organization", "nobody")}`),
      404,
      "NotFound",
      "No organization",
    );
    expectError(
      await server.get(`/api/hsds/organizations/org-${DELETED}`),
      404,
      "NotFound",
      "No organization",
    );
  });
});

describe("service_at_locations", () => {
  it("lists each service at each of its sites with location and service, paged and filtered", async () => {
    const page = expectSchema(
      LinkPage,
      (await server.get("/api/hsds/service_at_locations?per_page=200")).body,
    );
    expect(page.total_items).toBeGreaterThan(100);
    for (const link of page.contents) {
      expect(link.service?.id).toBe(link.service_id);
      expect(link.location?.id).toBe(link.location_id);
    }
    const mine = expectSchema(
      LinkPage,
      (await server.get(`/api/hsds/service_at_locations?organization_id=${EXTRA_ORG}&per_page=5&page=3`))
        .body,
    );
    expect(mine).toMatchObject({
      total_items: EXTRA_COUNT,
      total_pages: 3,
      page_number: 3,
      size: 2,
      last_page: true,
    });
    const term = TERMS.find((t) => t.code === "food.groceries")!;
    const withTerm = (
      await server.get(`/api/hsds/service_at_locations?taxonomy_term_id=${term.id}&per_page=200`)
    ).body;
    const services = (
      await server.get(`/api/hsds/services?taxonomy_term_id=${term.id}&per_page=200&full=true`)
    ).body;
    const expected = services.contents.flatMap((s: { service_at_locations: Array<{ id: string }> }) =>
      s.service_at_locations.map((l) => l.id),
    );
    expect(withTerm.contents.map((l: { id: string }) => l.id).sort()).toEqual(expected.sort());
    const changed = (await server.get("/api/hsds/service_at_locations?modified_after=2029-12-31")).body;
    expect(
      changed.contents.map((l: { service: { x_directory_id: string } }) => l.service.x_directory_id),
    ).toEqual([FOOD_BANK]);
    const searched = (
      await server.get(`/api/hsds/service_at_locations?search=quokka&taxonomy_id=${TAXONOMY_ID}`)
    ).body;
    expect(searched.total_items).toBe(EXTRA_COUNT);
    const full = expectSchema(
      FullLinkPage,
      (await server.get("/api/hsds/service_at_locations?full=true&per_page=20")).body,
    );
    expect(full.contents[0].service.attributes.length).toBeGreaterThan(0);
    expectError(
      await server.get("/api/hsds/service_at_locations?per_page=x"),
      400,
      "ValidationError",
      '"per_page"',
    );
    // A day the calendar does not have (JavaScript's Date.parse reads it as 2 March).
    for (const day of ["2026-02-30", "2026-02-30T09:00:00Z"])
      expectError(
        await server.get(`/api/hsds/service_at_locations?modified_after=${day}`),
        400,
        "ValidationError",
        '"modified_after"',
      );
  });

  it("gives one fully nested link by UUID or directory id; 404 otherwise", async () => {
    const list = (await server.get(`/api/hsds/service_at_locations?organization_id=${EXTRA_ORG}`)).body;
    const first = list.contents[0];
    const one = expectSchema(
      HsdsServiceAtLocation,
      (await server.get(`/api/hsds/service_at_locations/${first.id}`)).body,
    );
    expect(one).toMatchObject({ id: first.id, service_id: first.service_id, location_id: first.location_id });
    expect(one.service.id).toBe(first.service_id);
    expect(one.location?.addresses[0].city).toBe("Kingston");
    expect(one.schedules?.every((s) => s.service_at_location_id === one.id)).toBe(true);
    expect((await server.get(`/api/hsds/service_at_locations/${first.x_directory_id}`)).body).toEqual(one);
    const fr = (await server.get(`/api/hsds/service_at_locations/${first.id}`, { "Accept-Language": "fr" }))
      .body;
    expect(shapeOf(fr)).toEqual(shapeOf(one));
    expect(fr.service.name).toMatch(/Garde-manger quokka/);
    expectError(
      await server.get(`/api/hsds/service_at_locations/${hsdsId("service_at_location", "x@y")}`),
      404,
      "NotFound",
      "service_at_location",
    );
  });
});

describe("taxonomies and taxonomy terms", () => {
  it("publishes one taxonomy, found by id, in English or French", async () => {
    const page = expectSchema(TaxonomyPage, (await server.get("/api/hsds/taxonomies")).body);
    expect(page).toMatchObject({ total_items: 1, size: 1 });
    expect(page.contents[0].id).toBe(TAXONOMY_ID);
    const one = expectSchema(HsdsTaxonomy, (await server.get(`/api/hsds/taxonomies/${TAXONOMY_ID}`)).body);
    const fr = expectSchema(
      HsdsTaxonomy,
      (await server.get(`/api/hsds/taxonomies/${TAXONOMY_ID}?lang=fr`)).body,
    );
    expect(fr.name).not.toBe(one.name);
    expect(shapeOf(fr)).toEqual(shapeOf(one));
    expect((await server.get("/api/hsds/taxonomies?search=catégories")).body.total_items).toBe(1);
    expect((await server.get("/api/hsds/taxonomies?search=astronomy")).body.total_items).toBe(0);
    expectError(
      await server.get(`/api/hsds/taxonomies/${hsdsId("taxonomy", "other")}`),
      404,
      "NotFound",
      "No taxonomy",
    );
  });

  it("lists terms: categories at the top, needs under them, filtered by taxonomy, parent and words", async () => {
    const all = expectSchema(TermPage, (await server.get("/api/hsds/taxonomy_terms?per_page=200")).body);
    expect(all.total_items).toBe(TERMS.length);
    const top = expectSchema(
      TermPage,
      (await server.get("/api/hsds/taxonomy_terms?top_only=true&per_page=200")).body,
    );
    expect(top.contents.map((t) => t.code)).toEqual([...CATEGORIES]);
    expect(top.contents.every((t) => t.parent_id === undefined)).toBe(true);
    const health = top.contents.find((t) => t.code === "health")!;
    const children = expectSchema(
      TermPage,
      (await server.get(`/api/hsds/taxonomy_terms?parent_id=${health.id}`)).body,
    );
    expect(children.total_items).toBeGreaterThan(3);
    expect(children.contents.every((t) => t.parent_id === health.id && t.code?.startsWith("health."))).toBe(
      true,
    );
    const ids = new Set(all.contents.map((t) => t.id));
    expect(all.contents.every((t) => t.parent_id === undefined || ids.has(t.parent_id))).toBe(true);
    expect((await server.get(`/api/hsds/taxonomy_terms?taxonomy_id=${TAXONOMY_ID}`)).body.total_items).toBe(
      TERMS.length,
    );
    expect(
      (await server.get(`/api/hsds/taxonomy_terms?taxonomy_id=${hsdsId("taxonomy", "x")}`)).body.total_items,
    ).toBe(0);
    const dental = (await server.get("/api/hsds/taxonomy_terms?search=dentaires")).body;
    expect(dental.contents.map((t: { code: string }) => t.code)).toEqual(["health.dental"]);
    const fr = (await server.get("/api/hsds/taxonomy_terms?top_only=true&lang=fr&per_page=3")).body;
    expect(fr.contents.map((t: { name: string }) => t.name)).toEqual(["Crise", "Alimentation", "Logement"]);
    expectError(
      await server.get("/api/hsds/taxonomy_terms?top_only=maybe"),
      400,
      "ValidationError",
      '"top_only"',
    );
  });

  it("gives one term with its taxonomy; 404 otherwise", async () => {
    const term = TERMS.find((t) => t.code === "housing.shelter")!;
    const one = expectSchema(
      HsdsTaxonomyTerm,
      (await server.get(`/api/hsds/taxonomy_terms/${term.id}`)).body,
    );
    expect(one).toMatchObject({
      id: term.id,
      name: "Emergency shelter",
      parent_id: hsdsId("taxonomy_term", "housing"),
    });
    expect(one.taxonomy_detail?.id).toBe(TAXONOMY_ID);
    const fr = (await server.get(`/api/hsds/taxonomy_terms/${term.id}?lang=fr`)).body;
    expect(fr.name).toBe("Hébergement d'urgence");
    expect(shapeOf(fr)).toEqual(shapeOf(one));
    expectError(
      await server.get(`/api/hsds/taxonomy_terms/${hsdsId("taxonomy_term", "nope")}`),
      404,
      "NotFound",
      "No taxonomy term",
    );
  });
});
