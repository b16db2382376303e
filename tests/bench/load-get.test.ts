import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET_CLIENT, loadGet } from "../../bench/lib.js";

/**
 * The request-path benchmarks read wrk's figures through bench/wrk-figures.lua: checked against
 * what a real server saw, and against autocannon on the same server.
 */
describe("the benchmarks' GET load through wrk", () => {
  let server: http.Server;
  let base = "";
  const seen = { ok: 0, refused: 0 };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      // /half refuses every other request; /slow answers after 25 ms; anything else at once.
      if (req.url === "/half" && (seen.ok + seen.refused) % 2) {
        seen.refused++;
        res.writeHead(503).end();
        return;
      }
      seen.ok++;
      const answer = () => res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      if (req.url === "/slow") setTimeout(answer, 25);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is wrk on a machine that has it (apt-get install wrk), though wrk --version exits 1", () => {
    expect(GET_CLIENT).toBe("wrk");
  });

  it("counts what the server answered, refusals apart, at the rate it answered them", async () => {
    seen.ok = 0;
    seen.refused = 0;
    const started = performance.now();
    const f = await loadGet({ url: `${base}/half`, connections: 4, durationSeconds: 1 }, "wrk");
    const seconds = (performance.now() - started) / 1000;
    const answered = seen.ok + seen.refused;
    expect(f.errors).toBe(0);
    expect(f.rps).toBeGreaterThan(100);
    // The rate the server saw, over the run and wrk's start and exit around it (a few ms).
    expect(Math.abs(f.rps / (answered / seconds) - 1)).toBeLessThan(0.2);
    // The server answers every request wrk counts, and at most one more per connection in flight.
    expect(Math.abs(f.non2xx - seen.refused)).toBeLessThanOrEqual(4);
    expect(f.non2xx).toBeGreaterThan(0.4 * answered);
  });

  it("gives latencies in milliseconds, as autocannon does on the same server", async () => {
    const byWrk = await loadGet({ url: `${base}/slow`, connections: 4, durationSeconds: 1 }, "wrk");
    const byAutocannon = await loadGet(
      { url: `${base}/slow`, connections: 4, durationSeconds: 1 },
      "autocannon",
    );
    for (const f of [byWrk, byAutocannon]) {
      expect(f.errors + f.non2xx).toBe(0);
      expect(f.p50).toBeGreaterThanOrEqual(25);
      expect(f.p50).toBeLessThan(250);
      expect(f.p95).toBeGreaterThanOrEqual(f.p50);
      expect(f.p99).toBeGreaterThanOrEqual(f.p95);
    }
    expect(Math.abs(byWrk.p50 - byAutocannon.p50)).toBeLessThan(15);
  });
});
