/**
 * The service modules this server composes, in mount order. Each owns its routes, migrations
 * and its own database file under DATA_DIR.
 */

import { archiveModule } from "./archive/index.js";
import type { Config } from "./core/config.js";
import type { ServiceModule } from "./core/module.js";
import type { CopyPlan } from "./db/copy-plan.js";
import { directoryModule } from "./directory/index.js";
import { waittimesModule } from "./waittimes/index.js";

export const allModules: ServiceModule[] = [archiveModule, directoryModule, waittimesModule];

/** Each module's copy plan for `chc db copy-to-postgres`, by name (a module without one is left out). */
export function copyPlans(
  config: Config,
  modules: readonly ServiceModule[] = allModules,
): Record<string, CopyPlan> {
  const plans: Record<string, CopyPlan> = {};
  for (const m of modules) {
    const plan = m.copyPlan?.(config);
    if (plan) plans[m.name] = plan;
  }
  return plans;
}
