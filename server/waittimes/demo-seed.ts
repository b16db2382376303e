/**
 * Demo data on first start: writes the demo history into an empty wait-time database and does
 * nothing when the database already holds data (demo or real), so it is safe on every start.
 */
import { type DemoScale, writeDemoHistory } from "./demo-history.js";
import { loadRegistry } from "./hospital-registry.js";
import type { WaittimesRepository } from "./repository.js";

export async function seedWaittimesDemo(
  repo: WaittimesRepository,
  scale: DemoScale,
  now = Math.floor(Date.now() / 1000),
) {
  if (await repo.holdsData()) return { seeded: false, reason: "the wait-time database already holds data" };
  const summary = await writeDemoHistory(repo, await loadRegistry(repo), { scale, now });
  return { seeded: true, scale, ...summary };
}
