/**
 * The routes that write prose follow the one language rule (docs/integrators.md, "English and
 * French"): `?lang=en|fr` chooses, else Accept-Language, else English; any other `lang` is a 400
 * naming it; the answer says its language in Content-Language and varies on Accept-Language. An
 * error's Content-Language is its message's (English), whatever the route would have answered in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
}, 60_000);
afterAll(() => server?.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, { headers });
  return { res, body: await res.json() };
}

/** Each route with the prose its answer writes. */
const ROUTES: { path: string; prose: (body: never) => string }[] = [
  {
    path: "/api/v1/services/crisis-988/summary",
    prose: (b: { data: { summary: string } }) => b.data.summary,
  },
  {
    path: "/api/data-quality?days=30",
    prose: (b: { data: { status_rule: string; notes: string | null } }) =>
      `${b.data.status_rule} ${b.data.notes ?? ""}`,
  },
  {
    path: "/api/data-quality?hospital_id=ca-on-alexandra-hospital",
    prose: (b: { data: { notes: string } }) => b.data.notes,
  },
  {
    path: "/api/analytics/benchmarks?province=ON",
    prose: (b: { data: { methodology_summary: { note: string }; trend_rule: string } }) =>
      `${b.data.methodology_summary.note} ${b.data.trend_rule}`,
  },
];
const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

describe.each(ROUTES)("$path", ({ path, prose }) => {
  it("writes in the language lang names, or else the one Accept-Language prefers, and says which", async () => {
    const english = await get(path);
    const french = await get(withQuery(path, "lang=fr"));
    const preferred = await get(path, { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" });
    const overruled = await get(withQuery(path, "lang=en"), { "accept-language": "fr" });
    for (const { res } of [english, french, preferred, overruled]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("vary")).toMatch(/Accept-Language/);
    }
    expect(english.res.headers.get("content-language")).toBe("en");
    expect(french.res.headers.get("content-language")).toBe("fr");
    expect(preferred.res.headers.get("content-language")).toBe("fr");
    expect(overruled.res.headers.get("content-language")).toBe("en");
    expect(prose(french.body as never)).not.toBe(prose(english.body as never));
    expect(prose(preferred.body as never)).toBe(prose(french.body as never));
    expect(prose(overruled.body as never)).toBe(prose(english.body as never));
  });

  it("refuses any other lang with a 400 naming it, in English and saying so", async () => {
    const { res, body } = await get(withQuery(path, "lang=de"), { "accept-language": "fr" });
    expect(res.status).toBe(400);
    expect(body.error).toBe("ValidationError");
    expect(body.message).toMatch(/"lang"/);
    expect(res.headers.get("content-language")).toBe("en");
  });
});

it("labels an error on a bilingual route with its message's language, not the one asked for", async () => {
  const { res, body } = await get("/api/compare?a=x&b=y", { "accept-language": "fr" });
  expect(res.status).toBe(404);
  expect(body.message).toMatch(/No hospital/);
  expect(res.headers.get("content-language")).toBe("en");
});
