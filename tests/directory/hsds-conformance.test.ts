/**
 * Issue #28 §2: the HSDS routes as Open Referral's own tools read them. Every object they serve,
 * list items (summary, minimal=true and full=true forms) and single records alike, validates
 * against HSDS 3.0's JSON schemas, copied unchanged in fixtures/openreferral-hsds-3.0 (Ajv, not our
 * zod schemas). A deleted service stays visible to a mirror that asks what changed: with
 * `modified_after`, the list gives it as status "defunct" (its tombstone is kept for good).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hsdsId } from "../../server/directory/hsds-api/ids.js";
import { type HsdsTestServer, startHsdsServer } from "../helpers/directory/hsds-api-client.js";
import { DELETED } from "../helpers/directory/hsds-api-fixture.js";

const SCHEMAS = path.join(import.meta.dirname, "fixtures/openreferral-hsds-3.0");
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const read = (file: string) => JSON.parse(readFileSync(path.join(SCHEMAS, file), "utf8"));
// taxonomy.json and taxonomy_term.json refer to "metadata.json" and "taxonomy.json" by file name; the
// compiled service schema carries the same metadata schema inline, so it is taken from there.
ajv.addSchema(read("compiled/service.json").properties.metadata.items, "metadata.json");
ajv.addSchema(read("taxonomy.json"), "taxonomy.json");
const schema = (file: string): ValidateFunction => ajv.getSchema(file) ?? ajv.compile(read(file));
const HSDS = {
  service: schema("compiled/service.json"),
  serviceList: schema("compiled/service_list.json"),
  organization: schema("compiled/organization.json"),
  organizationList: schema("compiled/organization_list.json"),
  serviceAtLocation: schema("compiled/service_at_location.json"),
  serviceAtLocationList: schema("compiled/service_at_location_list.json"),
  taxonomy: schema("taxonomy.json"),
  taxonomyTerm: schema("taxonomy_term.json"),
};

type Item = { id: string } & Record<string, unknown>;
let server: HsdsTestServer;
let checked = 0;
beforeAll(async () => {
  server = await startHsdsServer();
});
afterAll(() => server.close());

/** The problems of each object against an HSDS schema, named by where it came from. */
function problems(validate: ValidateFunction, objects: Item[], where: string): string[] {
  checked += objects.length;
  return objects.flatMap(({ ...o }: Item) => {
    const id = o.id;
    if (validate(o)) return [];
    return (validate.errors ?? []).map(
      (e) => `${where} ${id}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
    );
  });
}

/** Every item of a list, page after page. */
async function everyItem(list: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const sep = list.includes("?") ? "&" : "?";
    const reply = await server.get(`${list}${sep}per_page=200&page=${page}`);
    expect(reply.status, list).toBe(200);
    items.push(...reply.body.contents);
    if (reply.body.last_page) return items;
  }
}

async function every(ids: string[], route: string): Promise<Item[]> {
  const out: Item[] = [];
  for (const id of ids) {
    const reply = await server.get(`${route}/${id}`);
    expect(reply.status, `${route}/${id}`).toBe(200);
    out.push(reply.body);
  }
  return out;
}

describe("every object the HSDS routes serve validates against HSDS 3.0's schemas", () => {
  it("services: the list (summary, minimal=true, full=true) and each one", async () => {
    const summaries = await everyItem("/api/hsds/services");
    const minimal = (await server.get("/api/hsds/services?minimal=true&per_page=5000")).body.contents;
    const full = await everyItem("/api/hsds/services?full=true");
    const each = await every(
      summaries.map((s) => s.id),
      "/api/hsds/services",
    );
    expect([
      ...problems(HSDS.serviceList, summaries, "services"),
      ...problems(HSDS.serviceList, minimal, "services?minimal=true"),
      ...problems(HSDS.service, full, "services?full=true"),
      ...problems(HSDS.service, each, "services/{id}"),
    ]).toEqual([]);
    expect(minimal.length).toBe(summaries.length);
  }, 120_000);

  it("organizations, service_at_locations, taxonomies and taxonomy terms: lists and each one", async () => {
    const orgs = await everyItem("/api/hsds/organizations");
    const links = await everyItem("/api/hsds/service_at_locations");
    const taxonomies = await everyItem("/api/hsds/taxonomies");
    const terms = await everyItem("/api/hsds/taxonomy_terms");
    expect([
      ...problems(HSDS.organizationList, orgs, "organizations"),
      ...problems(
        HSDS.organization,
        await everyItem("/api/hsds/organizations?full=true"),
        "organizations?full=true",
      ),
      ...problems(
        HSDS.organization,
        await every(
          orgs.slice(0, 40).map((o) => o.id),
          "/api/hsds/organizations",
        ),
        "organizations/{id}",
      ),
      ...problems(HSDS.serviceAtLocationList, links, "service_at_locations"),
      ...problems(
        HSDS.serviceAtLocation,
        await every(
          links.slice(0, 40).map((l) => l.id),
          "/api/hsds/service_at_locations",
        ),
        "service_at_locations/{id}",
      ),
      ...problems(HSDS.taxonomy, taxonomies, "taxonomies"),
      ...problems(
        HSDS.taxonomy,
        await every(
          taxonomies.map((t) => t.id),
          "/api/hsds/taxonomies",
        ),
        "taxonomies/{id}",
      ),
      ...problems(HSDS.taxonomyTerm, terms, "taxonomy_terms"),
      ...problems(
        HSDS.taxonomyTerm,
        await every(
          terms.map((t) => t.id),
          "/api/hsds/taxonomy_terms",
        ),
        "taxonomy_terms/{id}",
      ),
    ]).toEqual([]);
  }, 120_000);
});

describe("deletions reach a mirror through modified_after", () => {
  it("lists a deleted service changed since then as defunct, in each form, and never without modified_after", async () => {
    const id = hsdsId("service", DELETED);
    const since = "2020-01-01T00:00:00Z";
    const summaries = await everyItem(`/api/hsds/services?modified_after=${since}`);
    const gone = summaries.find((s) => s.id === id);
    expect(gone).toMatchObject({ id, status: "defunct", x_directory_id: DELETED, x_deleted: true });
    expect(problems(HSDS.serviceList, [gone as Item], "deleted")).toEqual([]);
    const minimal = (
      await server.get(`/api/hsds/services?minimal=true&per_page=5000&modified_after=${since}`)
    ).body.contents as Item[];
    expect(minimal.find((s) => s.id === id)).toMatchObject({ status: "defunct" });
    const full = await everyItem(`/api/hsds/services?full=true&modified_after=${since}`);
    expect(problems(HSDS.service, [full.find((s) => s.id === id) as Item], "deleted full")).toEqual([]);
    // Without modified_after a reader asks for what exists now: the deleted service is not in it.
    expect((await everyItem("/api/hsds/services")).some((s) => s.id === id)).toBe(false);
    // After its deletion time it is no longer news.
    const later = await everyItem("/api/hsds/services?modified_after=2100-01-01");
    expect(later.some((s) => s.id === id)).toBe(false);
  }, 60_000);
});

afterAll(() => {
  console.log(`HSDS objects validated against Open Referral's schemas: ${checked}`);
});
