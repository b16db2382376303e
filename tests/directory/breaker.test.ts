import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Breaker } from "../../server/core/breaker.js";
import { postJson } from "../../server/directory/resilience/upstream-http.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/directory/fake-upstream.js";
import { ManualClock } from "../helpers/manual-clock.js";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

const call = (b: Breaker) => postJson(b, `${upstream.url}/chat/completions`, { q: 1 });

// opossum keeps its reset and call timeouts on the global timers: fake those two and advance them
// instead of sleeping. The upstream's HTTP traffic is real I/O and does not depend on them.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("circuit breaker driven by a failing local upstream", () => {
  it("goes CLOSED → OPEN on failures, rejects fast while open, HALF_OPEN after the reset, CLOSED on success", async () => {
    const b = new Breaker("test", {
      timeoutMs: 2000,
      volumeThreshold: 3,
      errorThresholdPercentage: 50,
      resetTimeoutMs: 400,
    });
    upstream.mode = "answer";
    await expect(call(b)).resolves.toBeTruthy();
    expect(b.state()).toBe("CLOSED");
    upstream.mode = "fail";
    for (let i = 0; i < 3; i++) await expect(call(b)).rejects.toThrow();
    expect(b.state()).toBe("OPEN");
    const before = upstream.received.length;
    await expect(call(b)).rejects.toThrow(/open/i);
    expect(upstream.received.length).toBe(before); // rejected without calling the upstream
    await vi.advanceTimersByTimeAsync(600);
    expect(b.state()).toBe("HALF_OPEN");
    upstream.mode = "answer";
    await expect(call(b)).resolves.toBeTruthy();
    expect(b.state()).toBe("CLOSED");
    const snap = b.snapshot();
    expect(snap.transitions).toBe(3);
    expect(snap.flapping).toBe(false);
    b.shutdown();
  });
  it("times out a stalled upstream and counts it as a failure", async () => {
    const b = new Breaker("stall", { timeoutMs: 200, volumeThreshold: 2, resetTimeoutMs: 10_000 });
    upstream.mode = "stall";
    const t0 = Date.now();
    const first = expect(call(b)).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(200);
    await first;
    expect(Date.now() - t0).toBeLessThan(1500);
    const second = expect(call(b)).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(200);
    await second;
    expect(b.state()).toBe("OPEN");
    expect(b.snapshot().stats.timeouts).toBe(2);
    b.shutdown();
  });
  it("is not stuck open while half-open waiting for a trial call, only while it refuses calls", async () => {
    const clock = new ManualClock(1_000_000);
    const b = new Breaker(
      "quiet",
      { timeoutMs: 2000, volumeThreshold: 1, resetTimeoutMs: 60, stuckAfterMs: 5_000 },
      clock,
    );
    upstream.mode = "fail";
    await expect(call(b)).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(100);
    expect(b.state()).toBe("HALF_OPEN");
    clock.advance(6_000); // no call for longer than stuckAfterMs
    expect(b.condition().stuckOpen).toBe(false);
    await expect(call(b)).rejects.toThrow(); // the trial fails: it refuses calls again
    expect(b.state()).toBe("OPEN");
    expect(b.condition().stuckOpen).toBe(true);
    b.shutdown();
  });
  it("reports flapping when it changes state more than N times in M minutes, and stuck open", async () => {
    const clock = new ManualClock(1_000_000);
    const b = new Breaker(
      "flappy",
      { timeoutMs: 2000, volumeThreshold: 1, resetTimeoutMs: 60, flapThreshold: 3, stuckAfterMs: 5_000 },
      clock,
    );
    for (let round = 0; round < 3; round++) {
      upstream.mode = "fail";
      await expect(call(b)).rejects.toThrow();
      expect(b.state()).toBe("OPEN");
      await vi.advanceTimersByTimeAsync(100);
      upstream.mode = "answer";
      await expect(call(b)).resolves.toBeTruthy();
      expect(b.state()).toBe("CLOSED");
      clock.advance(1000);
    }
    expect(b.snapshot().flapping).toBe(true);
    clock.advance(20 * 60_000); // outside the flap window
    expect(b.snapshot().flapping).toBe(false);
    upstream.mode = "fail";
    await expect(call(b)).rejects.toThrow();
    expect(b.snapshot().stuckOpen).toBe(false);
    clock.advance(6_000);
    expect(b.snapshot().stuckOpen).toBe(true);
    b.shutdown();
  });
});
