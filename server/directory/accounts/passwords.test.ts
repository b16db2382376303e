import { describe, expect, it } from "vitest";
import { useProductionHashCost } from "../../../tests/helpers/hash-cost.js";
import { hashPassword, needsRehash, TEST_COST_ENV, verifyPassword } from "./passwords.js";

// Production's cost, which the rest of the test run lowers (tests/helpers/hash-cost.ts).
useProductionHashCost();

describe("passwords", () => {
  it("hashes with scrypt, salted, and verifies only the right password", async () => {
    const a = await hashPassword("a long enough password");
    const b = await hashPassword("a long enough password");
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("a long enough password", a)).toBe(true);
    expect(await verifyPassword("a long enough passworD", a)).toBe(false);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });

  it("hashes at a test run's lower N only when it is a power of two from 2^10 below production's", async () => {
    const hashAt = async (n: string) => {
      process.env[TEST_COST_ENV] = n;
      try {
        return await hashPassword("a long enough password");
      } finally {
        delete process.env[TEST_COST_ENV];
      }
    };
    const low = await hashAt("4096");
    expect(low).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword("a long enough password", low)).toBe(true);
    // Back at production's cost, a hash made at the lower one is replaced at the next sign-in.
    expect(needsRehash(low)).toBe(true);
    for (const n of ["512", "5000", "131072", "262144", "many"])
      expect(await hashAt(n)).toMatch(/^scrypt\$131072\$8\$1\$/);
  });
});
