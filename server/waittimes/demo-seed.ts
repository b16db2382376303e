/**
 * Demo data on first start: writes the demo history into an empty wait-time database and does
 * nothing when the database already holds data (demo or real), so it is safe on every start.
 */
import type { Store } from "../db/types.js";
import { bumpDataVersion } from "./data-version.js";
import { type DemoScale, writeDemoHistory } from "./demo-history.js";
import { loadRegistry } from "./hospital-registry.js";

export async function seedWaittimesDemo(store: Store, scale: DemoScale, now = Math.floor(Date.now() / 1000)) {
  const existing = store.get<{ n: number }>(
    "SELECT (SELECT COUNT(*) FROM ingest_runs) + (SELECT COUNT(*) FROM meta) AS n",
  )!.n;
  if (existing > 0) return { seeded: false, reason: "the wait-time database already holds data" };
  const summary = await writeDemoHistory(store, loadRegistry(store), { scale, now });
  bumpDataVersion(store);
  return { seeded: true, scale, ...summary };
}
