/**
 * The poller against a real HTTP server on loopback that answers, fails and stalls on purpose;
 * every attempt must end up as an ingest run, and repeated failures must open the circuit.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AggregatorRegistry, Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Store } from "../../server/db/types.js";
import { configuredTargets, Poller } from "../../server/waittimes/poller.js";
import { ManualClock } from "../helpers/manual-clock.js";
import { bcFeed } from "../helpers/waittimes/feeds.js";
import { openTestStore, repoOf } from "../helpers/waittimes/store.js";

let mode: "ok" | "fail" | "stall" = "ok";
let hits = 0;
const server = http.createServer((_req, res) => {
  hits++;
  if (mode === "fail") {
    res.writeHead(503).end("maintenance");
  } else if (mode === "ok") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      bcFeed([
        { name: "Vancouver General Hospital", p90: 150 + hits, at: Date.now() - 60_000 - hits * 1000 },
      ]),
    );
  }
  // "stall": never answer; the poller's timeout must give up.
});
let url = "";
let store: Store;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.json`;
  ({ store, cleanup } = await openTestStore());
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await cleanup();
});

const runs = () =>
  store.all<{ outcome: string; error_category: string | null; kind: string }>(
    "SELECT outcome, error_category, kind FROM ingest_runs ORDER BY id",
  );
// Waits for real work (a request reaching the feed, a run written), never for time to pass.
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 5 });

describe("Poller", () => {
  it("is off unless a source URL is configured", () => {
    const cadences = new Map([["bc-phsa", 600]]);
    expect(configuredTargets({}, cadences)).toEqual([]);
    expect(configuredTargets({ WAITTIMES_BC_PHSA_URL: "http://127.0.0.1:1/x" }, cadences)).toEqual([
      { sourceId: "bc-phsa", url: "http://127.0.0.1:1/x", intervalMs: 600_000 },
    ]);
  });

  it("records answers, failures and stalls as runs, then opens the circuit", async () => {
    const target = { sourceId: "bc-phsa", url, intervalMs: 60_000 };
    const clock = new ManualClock();
    const poller = new Poller(repoOf(store), [target], {
      clock,
      timeoutMs: 1500,
      volumeThreshold: 3,
      errorThresholdPercentage: 50,
      resetTimeoutMs: 60_000,
    });

    mode = "ok";
    const ok = await poller.pollOnce(target);
    expect(ok.outcome).toBe("success");
    expect(store.get<{ n: number }>("SELECT COUNT(*) AS n FROM measurements")!.n).toBe(1);

    mode = "fail";
    const failed = await poller.pollOnce(target);
    expect([failed.outcome, failed.errorCategory]).toEqual(["failed", "http_status"]);

    mode = "stall";
    const t0 = Date.now();
    const asked = hits;
    const stalling = poller.pollOnce(target);
    await eventually(() => expect(hits).toBe(asked + 1)); // the feed holds the request
    clock.advance(1500); // the poller's timeout
    const stalled = await stalling;
    expect([stalled.outcome, stalled.errorCategory]).toEqual(["failed", "timeout"]);
    expect(Date.now() - t0).toBeLessThan(10_000);

    // Two failures out of three calls: over 50 %, the circuit opens and the feed is left alone.
    expect(poller.breakerState("bc-phsa")).toBe("open");
    const before = hits;
    mode = "ok";
    const refused = await poller.pollOnce(target);
    expect([refused.outcome, refused.errorCategory]).toEqual(["failed", "circuit_open"]);
    expect(hits).toBe(before);

    expect(runs()).toEqual([
      { outcome: "success", error_category: null, kind: "poll" },
      { outcome: "failed", error_category: "http_status", kind: "poll" },
      { outcome: "failed", error_category: "timeout", kind: "poll" },
      { outcome: "failed", error_category: "circuit_open", kind: "poll" },
    ]);
    await poller.stop();
  });

  it("start() polls on the interval until stop()", async () => {
    mode = "ok";
    const target = { sourceId: "bc-phsa", url, intervalMs: 100 };
    const clock = new ManualClock();
    const poller = new Poller(repoOf(store), [target], { timeoutMs: 1500, clock });
    const before = runs().length;
    poller.start(); // polls at once, then every 100 ms of the clock
    for (let polled = 1; polled <= 4; polled++) {
      await eventually(() => expect(runs().length).toBe(before + polled));
      clock.advance(100);
    }
    await poller.stop();
    const after = runs().length;
    expect(after - before).toBe(5); // at start, then at 100, 200, 300 and 400 ms
    clock.advance(250);
    expect(clock.pending()).toBe(0); // no tick left to come
    expect(runs().length).toBe(after);
  });

  it("gives every process on one database the same feed state, and aggregates the gauges without summing", async () => {
    // Two app processes (WORKERS=2) share the database; each slot's poll runs in one of them.
    const target = { sourceId: "bc-phsa", url, intervalMs: 60_000 };
    const clock = new ManualClock();
    const [a, b] = [new Registry(), new Registry()].map((registry) => ({
      registry,
      poller: new Poller(repoOf(store), [target], {
        clock,
        registry,
        provinces: new Map([["bc-phsa", "BC"]]),
        volumeThreshold: 10,
      }),
    }));
    const t0 = Date.now();
    // A polls twice (an answer, then a failure); B the next slot, which brings the feed in.
    mode = "ok";
    expect((await a!.poller.pollOnce(target)).outcome).toBe("success");
    mode = "fail";
    expect((await a!.poller.pollOnce(target)).outcome).toBe("failed");
    mode = "ok";
    expect((await b!.poller.pollOnce(target)).outcome).toBe("success");

    const scrape = async () =>
      AggregatorRegistry.aggregate([
        await a!.registry.getMetricsAsJSON(),
        await b!.registry.getMetricsAsJSON(),
      ]).metrics();
    const value = (text: string, name: string) =>
      Number(text.match(new RegExp(`^${name}\\{source="bc-phsa",province="BC"\\} (\\S+)$`, "m"))?.[1]);
    let text = await scrape();
    // Before: the two processes' timestamps were added up (the year 2083), failures read 1.
    const lastSuccess = value(text, "waittimes_feed_last_success_timestamp_seconds");
    expect(lastSuccess).toBeGreaterThanOrEqual(Math.floor(t0 / 1000));
    expect(lastSuccess).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(value(text, "waittimes_feed_consecutive_failures")).toBe(0);
    // Counters stay summed: three polls in all.
    expect(text).toMatch(/^waittimes_feed_polls_total\{[^}]*outcome="success"[^}]*\} 2$/m);

    // Health agrees in both processes: the failure A saw is over (B's poll), then B's failure shows in A.
    const health = (p: Poller) => [
      p.status.snapshot(clock.now())["bc-phsa"]?.state,
      p.status.stale(clock.now() + 61_000).length,
    ];
    await Promise.all([a!.poller.catchUp(), b!.poller.catchUp()]);
    expect([health(a!.poller), health(b!.poller)]).toEqual([
      ["ok", 0],
      ["ok", 0],
    ]);
    mode = "fail";
    expect((await b!.poller.pollOnce(target)).outcome).toBe("failed");
    text = await scrape();
    expect(value(text, "waittimes_feed_consecutive_failures")).toBe(1);
    expect([health(a!.poller), health(b!.poller)]).toEqual([
      ["failing", 1],
      ["failing", 1],
    ]);
    await Promise.all([a!.poller.stop(), b!.poller.stop()]);
  });
});
