/**
 * Absolute URLs in answers (the OpenAPI document's `servers`, HSDS's `openapi_url`, the Atom feed's
 * links and tag: ids) behind a proxy: APP_PUBLIC_URL when it is set, whatever Host the client
 * sent; otherwise the scheme the trusted proxy states in X-Forwarded-Proto, never one a client
 * states when no proxy is trusted. Requests go through node:http, since fetch cannot set Host;
 * each answer is checked against the served document here.
 */
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { directoryModule } from "../../server/directory/index.js";
import { type PlainResponse, requestFrom } from "../helpers/http-from.js";
import { openApiResponses } from "../helpers/openapi-responses.js";
import { startTestServer } from "../helpers/server.js";

const PUBLIC_URL = "https://health.example.ca";

async function started(env: Record<string, string>) {
  const server = await startTestServer({ modules: [createArchiveModule(), directoryModule], env });
  const check = openApiResponses(await (await fetch(`${server.baseUrl}/api/openapi.json`)).json());
  /** One GET with these headers, its answer checked against the document (but for the document itself). */
  const get = async (path: string, headers: Record<string, string>): Promise<PlainResponse> => {
    const res = await requestFrom("127.0.0.1", `${server.baseUrl}${path}`, { headers });
    if (path === "/api/openapi.json") return res;
    const type = String(res.headers["content-type"] ?? "");
    const problems = check.problems({
      method: "GET",
      path: path.split("?")[0],
      status: res.status,
      headers: new Headers(
        Object.entries(res.headers).map(([name, value]) => [name, String(value)] as [string, string]),
      ),
      body: type.startsWith("application/json") ? JSON.parse(res.body) : undefined,
    });
    expect(problems, `${path} as documented`).toEqual([]);
    return res;
  };
  return { server, get };
}

const serversOf = (res: PlainResponse) => (JSON.parse(res.body) as { servers: { url: string }[] }).servers;

function feedOf(xml: string): { id: string; links: Record<string, string> } {
  const feed = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "link" }).parse(xml).feed;
  const links = Object.fromEntries(
    (feed.link as { "@_rel": string; "@_href": string }[]).map((l) => [l["@_rel"], l["@_href"]]),
  );
  return { id: String(feed.id), links };
}

describe("with APP_PUBLIC_URL behind one trusted proxy", () => {
  let s: Awaited<ReturnType<typeof started>>;
  beforeAll(async () => {
    s = await started({ APP_PUBLIC_URL: PUBLIC_URL, TRUST_PROXY: "1" });
  });
  afterAll(() => s?.server.close());
  const viaProxy = { host: "health.example.ca", "x-forwarded-proto": "https" };

  it("the OpenAPI document names the public URL as its server, whatever the Host", async () => {
    expect(serversOf(await s.get("/api/openapi.json", viaProxy)).map((x) => x.url)).toEqual([PUBLIC_URL]);
    const other = await s.get("/api/openapi.json", { host: "other.example", "x-forwarded-proto": "http" });
    expect(serversOf(other).map((x) => x.url)).toEqual([PUBLIC_URL]);
  });

  it("HSDS's openapi_url is on the public URL", async () => {
    const meta = JSON.parse((await s.get("/api/hsds", viaProxy)).body);
    expect(meta.openapi_url).toBe(`${PUBLIC_URL}/api/openapi.json`);
  });

  it("the Atom feed links to the public URL and keeps its id whatever Host a reader sent", async () => {
    const asked = feedOf((await s.get("/api/changes.atom?lang=fr", viaProxy)).body);
    const direct = feedOf((await s.get("/api/changes.atom?lang=fr", { host: "10.0.0.5:8080" })).body);
    expect(direct.id, "the feed's id").toBe(asked.id);
    expect(asked.id.startsWith("tag:health.example.ca,")).toBe(true);
    expect(asked.links.self).toBe(`${PUBLIC_URL}/api/changes.atom?lang=fr`);
    expect(direct.links.self).toBe(asked.links.self);
    expect(asked.links.alternate.startsWith(`${PUBLIC_URL}/archive/changes`)).toBe(true);
  });
});

describe("without APP_PUBLIC_URL", () => {
  let trusting: Awaited<ReturnType<typeof started>>;
  let direct: Awaited<ReturnType<typeof started>>;
  beforeAll(async () => {
    [trusting, direct] = await Promise.all([started({ TRUST_PROXY: "1" }), started({ TRUST_PROXY: "0" })]);
  });
  afterAll(async () => {
    await trusting?.server.close();
    await direct?.server.close();
  });

  it("behind a trusted proxy, links take the scheme the proxy states and the Host it passes on", async () => {
    const headers = { host: "health.example.ca", "x-forwarded-proto": "https" };
    expect(serversOf(await trusting.get("/api/openapi.json", headers))[0].url).toBe(
      "https://health.example.ca",
    );
    const meta = JSON.parse((await trusting.get("/api/hsds", headers)).body);
    expect(meta.openapi_url).toBe("https://health.example.ca/api/openapi.json");
    const feed = feedOf((await trusting.get("/api/changes.atom", headers)).body);
    expect(feed.links.self).toBe("https://health.example.ca/api/changes.atom");
  });

  it("with no proxy trusted, a client's X-Forwarded-Proto is ignored", async () => {
    const headers = { host: "health.example.ca", "x-forwarded-proto": "https" };
    expect(serversOf(await direct.get("/api/openapi.json", headers))[0].url).toBe("http://health.example.ca");
    const meta = JSON.parse((await direct.get("/api/hsds", headers)).body);
    expect(meta.openapi_url).toBe("http://health.example.ca/api/openapi.json");
  });
});
