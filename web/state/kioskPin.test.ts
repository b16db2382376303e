import { describe, expect, it } from "vitest";
import { hashPin, PIN_PATTERN, parsePinRecord, pinMatches } from "./kioskPin";
import {
  afterWrongPin,
  FREE_FAILURES,
  NO_ATTEMPTS,
  parsePinAttempts,
  secondsToWait,
} from "./kioskPinThrottle";

describe("staff PIN hash", () => {
  it("stores a salted hash that matches only the same PIN", async () => {
    const record = await hashPin("482913");
    expect(JSON.stringify(record)).not.toContain("482913");
    expect(await pinMatches("482913", record)).toBe(true);
    expect(await pinMatches("482914", record)).toBe(false);
    expect(await pinMatches("", record)).toBe(false);
    const again = await hashPin("482913");
    expect(again.salt).not.toBe(record.salt); // a fresh salt each time
    expect(again.hash).not.toBe(record.hash);
  });

  it("reads back only well-formed records", async () => {
    const record = await hashPin("1234");
    expect(parsePinRecord(JSON.stringify(record))).toEqual(record);
    expect(parsePinRecord("1234")).toBeNull();
    expect(parsePinRecord(JSON.stringify({ salt: "x", hash: "y", iterations: 0 }))).toBeNull();
    expect(parsePinRecord(null)).toBeNull();
  });

  it("takes 4 to 12 digits", () => {
    expect(PIN_PATTERN.test("1234")).toBe(true);
    expect(PIN_PATTERN.test("123456789012")).toBe(true);
    expect(PIN_PATTERN.test("123")).toBe(false);
    expect(PIN_PATTERN.test("12a4")).toBe(false);
    expect(PIN_PATTERN.test("1234567890123")).toBe(false);
  });
});

describe("wrong PIN throttle", () => {
  it("lets a few mistakes go, then doubles the wait after each one, up to an hour", () => {
    let attempts = NO_ATTEMPTS;
    const now = 1_000_000;
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      attempts = afterWrongPin(attempts, now);
      waits.push(secondsToWait(attempts, now));
    }
    expect(waits.slice(0, FREE_FAILURES - 1)).toEqual([0, 0]);
    expect(waits.slice(FREE_FAILURES - 1, FREE_FAILURES + 3)).toEqual([30, 60, 120, 240]);
    expect(waits.at(-1)).toBe(3600);
    expect(secondsToWait(attempts, now + 3_600_000)).toBe(0);
  });

  it("reads back only well-formed counts", () => {
    expect(parsePinAttempts(JSON.stringify({ failures: 4, lockedUntil: 99 }))).toEqual({
      failures: 4,
      lockedUntil: 99,
    });
    expect(parsePinAttempts("{")).toEqual(NO_ATTEMPTS);
    expect(parsePinAttempts(null)).toEqual(NO_ATTEMPTS);
  });
});
