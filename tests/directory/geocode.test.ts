import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// A local Nominatim-style upstream that answers or fails on demand.
let mode: "answer" | "fail" = "answer";
let upstream: Server;
let upstreamUrl: string;
let plain: TestServer;
let withGeocoder: TestServer;
beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (mode === "fail") return void res.writeHead(502).end("bad gateway");
    const q = new URL(req.url ?? "/", "http://x").searchParams.get("q");
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify([{ lat: "45.4215", lon: "-75.6972", display_name: `${q}, Ottawa` }]));
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  plain = await startTestServer({ modules: [directoryModule], demo: true });
  withGeocoder = await startTestServer({
    modules: [directoryModule],
    demo: true,
    env: { GEOCODER_URL: upstreamUrl },
  });
});
afterAll(async () => {
  await plain.close();
  await withGeocoder.close();
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

const geocode = (s: TestServer, q: string) => fetch(`${s.baseUrl}/api/v1/geocode?q=${encodeURIComponent(q)}`);

describe("GET /api/v1/geocode", () => {
  it("answers from the directory's own sites without a geocoder (city or postal area)", async () => {
    const city = (await (await geocode(plain, "kingston")).json()).data;
    expect(city).toMatchObject({ source: "directory", label: "Kingston" });
    expect(city.lat).toBeGreaterThan(44.1);
    expect(city.lat).toBeLessThan(44.4);
    const postal = (await (await geocode(plain, "k7l 2v7")).json()).data;
    expect(postal.source).toBe("directory");
    expect(Math.abs(postal.lng + 76.5)).toBeLessThan(0.3);
    expect((await geocode(plain, "Atlantis")).status).toBe(404);
    expect((await geocode(plain, "x")).status).toBe(400);
  });
  it("uses the configured geocoder, and falls back to the directory when it fails", async () => {
    mode = "answer";
    expect((await (await geocode(withGeocoder, "Parliament Hill")).json()).data).toMatchObject({
      source: "geocoder",
      lat: 45.4215,
      lng: -75.6972,
    });
    mode = "fail";
    expect((await (await geocode(withGeocoder, "Kingston")).json()).data.source).toBe("directory");
  });
});
