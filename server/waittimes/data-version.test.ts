/**
 * Cached views follow the repository's data version, whoever moved it: a write made by another
 * process (a version the repository reports, not one this process bumped) is seen at once.
 */
import { describe, expect, it } from "vitest";
import { cached, isCached } from "./data-version.js";

describe("cached", () => {
  it("recomputes once the repository reports a new version, and not before", async () => {
    let version = 7;
    const repo = { dataVersion: async () => version };
    let computed = 0;
    const view = () => cached(repo, "k", 60_000, async () => ++computed);
    expect(await view()).toBe(1);
    expect(await view()).toBe(1);
    expect(await isCached(repo, "k", 60_000)).toBe(true);
    version = 8; // written elsewhere
    expect(await isCached(repo, "k", 60_000)).toBe(false);
    expect(await view()).toBe(2);
    expect(await view()).toBe(2);
  });
});
