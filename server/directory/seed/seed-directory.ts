/**
 * Loads the committed seed (196 services carried over from jerdaw/careconnect, prose ours) into an
 * empty directory database, in one transaction. Idempotent: does nothing when services exist.
 */
import { readFileSync } from "node:fs";
import { type DirectoryService, serviceSchema } from "../../../shared/directory/index.js";
import type { Store } from "../../db/types.js";
import { countServices, writeService } from "../queries.js";

export function readSeedServices(): DirectoryService[] {
  const raw = JSON.parse(readFileSync(new URL("./services.seed.json", import.meta.url), "utf8")) as unknown[];
  return raw.map((s) => serviceSchema.parse(s));
}

export async function seedDirectory(store: Store, now: Date = new Date()): Promise<number> {
  if (countServices(store) > 0) return 0;
  const at = now.toISOString();
  const services = readSeedServices().map((s) => ({ ...s, version: 1, updatedAt: at }));
  await store.write((tx) => {
    for (const s of services) writeService(tx, s, at);
  });
  return services.length;
}
