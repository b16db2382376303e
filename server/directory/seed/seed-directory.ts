/**
 * Loads the committed seed (196 records carried over from jerdaw/careconnect, prose ours) into an
 * empty directory database, in one transaction, merging the records that describe the same service
 * twice (duplicates.ts, merge-services.ts). On a directory that already holds services it only
 * merges duplicates left among the seed's own records (from before merging existed), so a start on
 * old data fixes it once; records from partners or imports are never merged automatically.
 */
import { readFileSync } from "node:fs";
import { type DirectoryService, serviceSchema } from "../../../shared/directory/index.js";
import type { MergeStep } from "../merge-services.js";
import type { ImportsRepository, ServicesRepository } from "../repository.js";
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

export async function seedDirectory(
  repo: ImportsRepository & ServicesRepository,
  now: Date = new Date(),
): Promise<SeedResult> {
  const at = now.toISOString();
  if ((await repo.countServices()) > 0) {
    const merges = await repo.mergeDuplicates(fromSeed, at);
    return { loaded: 0, live: await repo.countLiveServices(), merges };
  }
  const services = readSeedServices().map((s) => ({ ...s, version: 1, updatedAt: at }));
  const merges = await repo.seedServices(services, at);
  return { loaded: services.length, live: await repo.countLiveServices(), merges };
}
