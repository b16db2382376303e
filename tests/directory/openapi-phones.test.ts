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

async function problems(template: string, url: string, init?: RequestInit) {
  const res = await fetch(`${server.baseUrl}${url}`, init);
  const body = await res.json();
  const method = init?.method ?? "GET";
  return {
    body,
    problems: check.problems(template, method, res.status, res.headers.get("content-type") ?? "", body),
  };
}

describe("answers with phone numbers, as the published document describes them", () => {
  it("the service list, one service and a search validate, phones included", async () => {
    const list = await problems("/api/v1/services", "/api/v1/services?limit=50");
    expect(list.problems).toEqual([]);
    const withPhone = (list.body.data as Array<{ id: string; phones: unknown[] }>).find(
      (s) => s.phones.length > 0,
    );
    expect(withPhone, "a demo service with a phone").toBeDefined();
    expect((await problems("/api/v1/services/{id}", `/api/v1/services/${withPhone?.id}`)).problems).toEqual(
      [],
    );
    const search = await problems("/api/v1/search/services", "/api/v1/search/services", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "crisis line" }),
    });
    expect(search.problems).toEqual([]);
    expect(JSON.stringify(search.body)).toContain('"phones":[{');
  });

  it("the validator does see a phone the pattern refuses", () => {
    const bad = { number: "call <script>", label: null };
    const schemaProblems = check.problems("/api/v1/services/{id}", "GET", 200, "application/json", {
      data: { phones: [bad] },
    });
    expect(schemaProblems.join("\n")).toMatch(/pattern/);
  });
});
