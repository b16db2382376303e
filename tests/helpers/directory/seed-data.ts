/** Loads the committed seed (196 services) for tests that exercise the shared ranking directly. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type DirectoryService, serviceSchema } from "../../../shared/directory/index.js";

export function loadSeedServices(): DirectoryService[] {
  const file = path.resolve(import.meta.dirname, "../../../server/directory/seed/services.seed.json");
  return (JSON.parse(readFileSync(file, "utf8")) as unknown[]).map((s) => serviceSchema.parse(s));
}
