import { describe, expect, it } from "vitest";
import { FailureWindow } from "./failure-window.js";

describe("FailureWindow", () => {
  let clock = 0;
  const window = () => new FailureWindow(60_000, () => clock);

  it("counts an attempt as it starts, so the limit holds before any check has finished", () => {
    clock = 1_000;
    const w = window();
    const limits = [{ key: "a", max: 3 }];
    const started = [w.reserve(limits), w.reserve(limits), w.reserve(limits), w.reserve(limits)];
    expect(started.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(started[3]).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock = 31_000;
    expect(w.reserve(limits)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    clock = 61_000;
    expect(w.reserve(limits).allowed).toBe(true);
  });

  it("needs every limit to allow, and counts against all of them together", () => {
    clock = 0;
    const w = window();
    for (let i = 0; i < 2; i++)
      w.reserve([
        { key: `account${i}`, max: 5 },
        { key: "address", max: 2 },
      ]);
    expect(
      w.reserve([
        { key: "account9", max: 5 },
        { key: "address", max: 2 },
      ]).allowed,
    ).toBe(false);
    expect(
      w.reserve([
        { key: "account9", max: 5 },
        { key: "elsewhere", max: 2 },
      ]).allowed,
    ).toBe(true);
  });

  it("uncounts a forgiven attempt on every key, and clears one key alone", () => {
    clock = 0;
    const w = window();
    const both = [
      { key: "account", max: 1 },
      { key: "address", max: 1 },
    ];
    const first = w.reserve(both);
    expect(w.reserve(both).allowed).toBe(false);
    if (first.allowed) w.forgive(first.attempt);
    const second = w.reserve(both);
    expect(second.allowed).toBe(true);
    w.clear("account");
    expect(w.reserve([{ key: "account", max: 1 }]).allowed).toBe(true);
    expect(w.reserve([{ key: "address", max: 1 }]).allowed).toBe(false);
  });
});
