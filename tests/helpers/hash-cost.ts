/**
 * The scrypt cost of a test run. The suites hash passwords at N=2^12 (4 MiB, a hundredth of a
 * second) instead of production's 2^17 (128 MiB, about half a second of a core): what a test of
 * sign-in, invitations or accounts checks does not depend on the cost, and hundreds of full-cost
 * hashes were a fifth of the unit suite's CPU. The files about hashing itself (its stored form,
 * the rehash of an old hash, the line for a hash and the floods, which time a hash against the
 * rest) call `useProductionHashCost()`. Child processes a test starts inherit the variable.
 */
import { afterAll, beforeAll } from "vitest";
import { TEST_COST_ENV } from "../../server/directory/accounts/passwords.js";

const TEST_SCRYPT_N = 2 ** 12;

/** Called by the global setups, before the account templates are hashed. */
export function useTestHashCost(): void {
  process.env[TEST_COST_ENV] ??= String(TEST_SCRYPT_N);
}

/** True while the test run's lower cost is in effect (the account templates were made at it). */
export function testHashCostInEffect(): boolean {
  return process.env[TEST_COST_ENV] !== undefined;
}

/**
 * Runs the calling file at production's cost and restores the run's after it (files share a
 * worker process). Call it before the file's own hooks, so that they hash at production's cost too.
 */
export function useProductionHashCost(): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env[TEST_COST_ENV];
    delete process.env[TEST_COST_ENV];
  });
  afterAll(() => {
    if (saved !== undefined) process.env[TEST_COST_ENV] = saved;
  });
}
