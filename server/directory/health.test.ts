import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTempStore, type TempStore } from "../../tests/helpers/temp-store.js";
import { loadConfig } from "../core/config.js";
import { createLogger } from "../core/logger.js";
import type { ModuleContext } from "../core/module.js";
import { RouteMetrics } from "../core/route-metrics.js";
import type { Store } from "../db/types.js";
import { assessHealth, type BreakerHealth } from "./health.js";
import { directoryModule } from "./index.js";

let temp: TempStore;
let store: Store;
let ctx: ModuleContext;
beforeAll(async () => {
  temp = await openTempStore(directoryModule);
  store = temp.store;
  ctx = {
    config: loadConfig({ DATA_DIR: temp.dir }),
    store,
    database: { kind: "sqljs", store },
    logger: createLogger("silent"),
    metrics: new RouteMetrics(),
  };
});
afterAll(() => temp.close());

const breaker = (b: Partial<BreakerHealth>): BreakerHealth => ({
  name: "ai",
  state: "CLOSED",
  flapping: false,
  stuckOpen: false,
  ...b,
});
const assess = (breakers: BreakerHealth[]) =>
  assessHealth(ctx, { breakers: () => breakers, isAdmin: async () => true }).status;

describe("health status from breakers", () => {
  it("healthy when every breaker is closed; degraded when one is open or flapping; unhealthy when one is stuck open", () => {
    expect(assess([breaker({})])).toBe("healthy");
    expect(assess([breaker({ state: "OPEN" })])).toBe("degraded");
    expect(assess([breaker({ state: "HALF_OPEN" })])).toBe("degraded");
    expect(assess([breaker({ flapping: true })])).toBe("degraded");
    expect(assess([breaker({}), breaker({ name: "geocoder", state: "OPEN", stuckOpen: true })])).toBe(
      "unhealthy",
    );
  });
});
