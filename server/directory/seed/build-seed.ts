/**
 * Writes `server/directory/seed/services.seed.json` from the reference file (facts only; prose is
 * written by carry-over.ts). Run again when the reference data or our wording changes:
 *   npx tsx server/directory/seed/build-seed.ts path/to/services.json
 * (the curated reference file is not part of the repository; its origin is in ../data/SOURCES.md).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serviceSchema } from "../../../shared/directory/index.js";
import { carryOver, type RawService } from "./carry-over.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const input = process.argv[2];
if (!input) {
  console.error("usage: npx tsx server/directory/seed/build-seed.ts path/to/services.json");
  process.exit(2);
}
const raw = JSON.parse(readFileSync(input, "utf8")) as RawService[];
const services = raw.map((r) => serviceSchema.parse(carryOver(r)));
writeFileSync(path.join(here, "services.seed.json"), `${JSON.stringify(services, null, 1)}\n`);
console.log(`wrote ${services.length} services`);
