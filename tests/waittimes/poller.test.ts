/**
 * The poller against a real HTTP server on loopback that answers, fails and stalls on purpose;
 * every attempt must end up as an ingest run, and repeated failures must open the circuit.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
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
});
