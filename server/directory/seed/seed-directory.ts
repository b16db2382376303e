/**
 * Loads the committed seed (196 records carried over from jerdaw/careconnect, prose ours) into an
 * empty directory database, in one transaction, merging the records that describe the same service
 * twice (duplicates.ts, merge-services.ts). On a directory that already holds services it only
 * merges duplicates left among the seed's own records (from before merging existed), so a start on
 * old data fixes it once; records from partners or imports are never merged automatically.
 */
import { readFileSync } from "node:fs";
import { type DirectoryService, serviceSchema } from "../../../shared/directory/index.js";
import type { Store } from "../../db/types.js";
import type { MergeStep } from "../merge-services.js";
import { mergeDuplicates, mergeDuplicatesIn } from "../merges.js";
import { countLiveServices, countServices, writeService } from "../repository-sqljs/service-rows.js";
import { SOURCE } from "./carry-over.js";

export function readSeedServices(): DirectoryService[] {
  const raw = JSON.parse(readFileSync(new URL("./services.seed.json", import.meta.url), "utf8")) as unknown[];
  return raw.map((s) => serviceSchema.parse(s));
}

export interface SeedResult {
  /** Seed records written (0 when the directory already held services). */
  loaded: number;
  /** Live services afterwards. */
  live: number;
  merges: MergeStep[];
}

const fromSeed = (s: DirectoryService) => s.provenance.source === SOURCE;

export async function seedDirectory(store: Store, now: Date = new Date()): Promise<SeedResult> {
  if (countServices(store) > 0) {
    const merges = await mergeDuplicates(store, fromSeed, now);
    return { loaded: 0, live: countLiveServices(store), merges };
  }
  const at = now.toISOString();
  const services = readSeedServices().map((s) => ({ ...s, version: 1, updatedAt: at }));
  const merges = await store.write((tx) => {
    for (const s of services) writeService(tx, s, at);
    return mergeDuplicatesIn(tx, services, at);
  });
  return { loaded: services.length, live: countLiveServices(store), merges };
}
