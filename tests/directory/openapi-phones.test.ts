/**
 * The directory's answers that carry phone numbers, checked against the served OpenAPI document by
 * an independent validator (Ajv): a pattern the generator had written as "^…$/u" matched no phone
 * number at all, so a validating client or proxy refused every one of these answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiResponses } from "../helpers/openapi-responses.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let check: ReturnType<typeof openApiResponses>;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  check = openApiResponses(await (await fetch(`${server.baseUrl}/api/openapi.json`)).json());
});
afterAll(() => server.close());

async function problems(url: string, init?: RequestInit) {
  const res = await fetch(`${server.baseUrl}${url}`, init);
  const body = await res.json();
  const method = init?.method ?? "GET";
  const path = new URL(url, server.baseUrl).pathname;
  return { body, problems: check.problems({ method, path, status: res.status, headers: res.headers, body }) };
}

describe("answers with phone numbers, as the published document describes them", () => {
  it("the service list, one service and a search validate, phones included", async () => {
    const list = await problems("/api/v1/services?limit=50");
    expect(list.problems).toEqual([]);
    const withPhone = (list.body.data as Array<{ id: string; phones: unknown[] }>).find(
      (s) => s.phones.length > 0,
    );
    expect(withPhone, "a demo service with a phone").toBeDefined();
    expect((await problems(`/api/v1/services/${withPhone?.id}`)).problems).toEqual([]);
    const search = await problems("/api/v1/search/services", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "crisis line" }),
    });
    expect(search.problems).toEqual([]);
    expect(JSON.stringify(search.body)).toContain('"phones":[{');
  });

  it("the validator does see a phone the pattern refuses", () => {
    const bad = { number: "call <script>", label: null };
    const schemaProblems = check.problems({
      method: "GET",
      path: "/api/v1/services/some-id",
      status: 200,
      headers: new Headers({ "content-type": "application/json" }),
      body: { data: { phones: [bad] } },
    });
    expect(schemaProblems.join("\n")).toMatch(/pattern/);
  });
});
