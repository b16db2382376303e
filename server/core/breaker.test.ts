// The breaker registry's verdict for health: an upstream that is not configured never counts.
import { afterEach, describe, expect, it } from "vitest";
import { BreakerRegistry } from "./breaker.js";

let registry: BreakerRegistry;
afterEach(() => registry?.shutdown());

const failThrice = async (registry: BreakerRegistry, name: string, configured: boolean) => {
  const b = registry.get(name, { volumeThreshold: 3, resetTimeoutMs: 60_000 }, configured);
  for (let i = 0; i < 3; i++) await b.fire(() => Promise.reject(new Error("down"))).catch(() => undefined);
  return b;
};

describe("breaker registry", () => {
  it("leaves a breaker of an unconfigured upstream out of health and snapshots, even when it opens", async () => {
    registry = new BreakerRegistry();
    const off = await failThrice(registry, "ai", false);
    expect(off.state()).toBe("OPEN");
    expect(registry.anyTroubled()).toBe(false);
    expect(registry.snapshots()).toEqual([]);
    await failThrice(registry, "geocoder", true);
    expect(registry.anyTroubled()).toBe(true);
    expect(registry.snapshots().map((s) => s.name)).toEqual(["geocoder"]);
  });
});
