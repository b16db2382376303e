/** The sign-in limits over sql.js's in-memory counts: per account and address, per address, per account. */
import { describe, expect, it } from "vitest";
import { memorySignInLimits } from "../repository-sqljs/sign-in-limits.js";
import { LoginThrottle } from "./login-throttle.js";

const fail = async (throttle: LoginThrottle, account: string, address: string) =>
  (await throttle.begin(account, address)).allowed;

describe("LoginThrottle", () => {
  it("locks an account only from the address that failed 5 times at it", async () => {
    const throttle = new LoginThrottle(memorySignInLimits());
    for (let i = 0; i < 5; i++) expect(await fail(throttle, "admin@example.org", "192.0.2.1")).toBe(true);
    expect(await fail(throttle, "admin@example.org", "192.0.2.1")).toBe(false);
    expect(await fail(throttle, "a@example.org", "192.0.2.1")).toBe(true);
    expect(await fail(throttle, "admin@example.org", "192.0.2.2")).toBe(true);
  });

  it("refuses an address after 20 failures across accounts, even at an account it never tried", async () => {
    const throttle = new LoginThrottle(memorySignInLimits());
    for (let i = 0; i < 20; i++)
      expect(await fail(throttle, `guess${i}@example.org`, "192.0.2.1")).toBe(true);
    expect(await throttle.begin("admin@example.org", "192.0.2.1")).toMatchObject({ allowed: false });
    expect(await fail(throttle, "admin@example.org", "192.0.2.2")).toBe(true);
  });

  it("slows an account everywhere once 50 failures came from many addresses together", async () => {
    const throttle = new LoginThrottle(memorySignInLimits());
    for (let address = 1; address <= 10; address++)
      for (let i = 0; i < 5; i++)
        expect(await fail(throttle, "admin@example.org", `198.51.100.${address}`)).toBe(true);
    const elsewhere = await throttle.begin("admin@example.org", "203.0.113.9");
    expect(elsewhere).toMatchObject({ allowed: false });
    expect(await fail(throttle, "a@example.org", "203.0.113.9")).toBe(true);
  });

  it("a right password forgives the account's failures from its own address, not from others", async () => {
    const throttle = new LoginThrottle(memorySignInLimits());
    for (let i = 0; i < 4; i++) await fail(throttle, "admin@example.org", "192.0.2.1");
    for (let i = 0; i < 4; i++) await fail(throttle, "admin@example.org", "192.0.2.2");
    const right = await throttle.begin("admin@example.org", "192.0.2.1");
    if (!right.allowed) throw new Error("refused");
    await throttle.succeeded(right.attempt, "admin@example.org", "192.0.2.1");
    for (let i = 0; i < 5; i++) expect(await fail(throttle, "admin@example.org", "192.0.2.1")).toBe(true);
    expect(await fail(throttle, "admin@example.org", "192.0.2.2")).toBe(true);
    expect(await fail(throttle, "admin@example.org", "192.0.2.2")).toBe(false);
  });
});
