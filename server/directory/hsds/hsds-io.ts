/**
 * `directory export` / `directory import` in HSDS 3.0: the tabular CSV datapackage (a folder) or the
 * JSON service form (one file holding an array of service objects, or a single one). Export then
 * import gives back every field we hold, but the time of change: a record new to this directory,
 * or changed by the import, changed here at the import, which is what mirrors asking what changed
 * since then (updated_since, HSDS modified_after) go by. Import reports each bad row with file, line and reason and
 * then writes nothing, unless told to skip the bad services (each skipped whole, never in part);
 * what it writes goes in one transaction, audited.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DirectoryService } from "../../../shared/directory/index.js";
import { READABLE_PHONE, unreadablePhones } from "../../../shared/directory/phone.js";
import type { ImportCounts, ImportsRepository } from "../repository.js";
import { fromHsdsService, type HsdsService, toHsdsService } from "./hsds-json.js";
import { fromTables, type RowError, toTables } from "./hsds-tables.js";

export type HsdsFormat = "csv" | "json";

export function exportServices(services: DirectoryService[], target: string, format: HsdsFormat): string[] {
  const hsds = [...services].sort((a, b) => (a.id < b.id ? -1 : 1)).map(toHsdsService);
  if (format === "json") {
    mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    writeFileSync(target, `${JSON.stringify(hsds, null, 2)}\n`);
    return [target];
  }
  mkdirSync(target, { recursive: true });
  const files = toTables(hsds);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(target, name), text);
  return Object.keys(files).map((f) => path.join(target, f));
}

/** Line of the text where `"id": "<id>"` first appears (1-based), to point at a JSON record. */
function lineOf(text: string, id: string): number {
  const at = text.search(
    new RegExp(`"id"\\s*:\\s*${JSON.stringify(id).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  );
  return at < 0 ? 1 : text.slice(0, at).split("\n").length;
}

export interface ParsedImport {
  services: Array<{ service: DirectoryService; file: string; line: number }>;
  errors: RowError[];
  /** Records kept with a guess (a category or a time zone), each naming the record and the field. */
  warnings: RowError[];
}

/** How an import reads: `now` is the day a weekly row's UTC offset is taken to be in force. */
export interface ReadOptions {
  now?: Date;
}

/** A service whose phone lines cannot all be dialled or texted is rejected whole, naming the line. */
function checkPhones(parsed: ParsedImport): ParsedImport {
  const services = parsed.services.filter(({ service, file, line }) => {
    const bad = unreadablePhones(service.phones);
    for (const i of bad)
      parsed.errors.push({
        file,
        line,
        reason: `service ${service.id}: phones.${i}.number "${service.phones[i].number}" cannot be dialled or texted (give ${READABLE_PHONE})`,
      });
    return bad.length === 0;
  });
  return { services, errors: parsed.errors, warnings: parsed.warnings };
}

export function readHsds(source: string, opts: ReadOptions = {}): ParsedImport {
  return checkPhones(readHsdsRecords(source, opts.now ?? new Date()));
}

function readHsdsRecords(source: string, now: Date): ParsedImport {
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  /** Reads one record, its warnings noted at its file and line. */
  const read = (h: unknown, sourceName: string, file: string, line: number, label: string) => {
    const noted: string[] = [];
    const service = fromHsdsService(h as HsdsService & Record<string, unknown>, sourceName, {
      now,
      warnings: noted,
    });
    for (const reason of noted) warnings.push({ file, line, reason: `${label}${service.id}: ${reason}` });
    return service;
  };
  const services: ParsedImport["services"] = [];
  if (!existsSync(source))
    return { services, errors: [{ file: source, line: 0, reason: "no such file or folder" }], warnings };
  if (statSync(source).isDirectory()) {
    const files: Record<string, string> = {};
    for (const name of readdirSync(source))
      if (name.endsWith(".csv")) files[name] = readFileSync(path.join(source, name), "utf8");
    const tables = fromTables(files);
    errors.push(...tables.errors);
    for (const { service, line } of tables.services) {
      try {
        services.push({
          service: read(service, `HSDS import ${path.basename(source)}`, "services.csv", line, "service "),
          file: "services.csv",
          line,
        });
      } catch (err) {
        errors.push({ file: "services.csv", line, reason: (err as Error).message });
      }
    }
    return { services, errors, warnings };
  }
  const file = path.basename(source);
  const text = readFileSync(source, "utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return {
      services,
      errors: [{ file, line: 1, reason: `not valid JSON: ${(err as Error).message}` }],
      warnings,
    };
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  list.forEach((item, index) => {
    const id = (item as { id?: unknown })?.id;
    const line = typeof id === "string" ? lineOf(text, id) : 1;
    try {
      services.push({
        service: read(item, `HSDS import ${file}`, file, line, `service #${index + 1} `),
        file,
        line,
      });
    } catch (err) {
      errors.push({ file, line, reason: `service #${index + 1}: ${(err as Error).message}` });
    }
  });
  return { services, errors, warnings };
}

/** The same record but for when it changed (an import's time is its own) and its version. */
const same = (a: DirectoryService, b: DirectoryService) => {
  const { updatedAt: _a, version: _av, ...restA } = a;
  const { updatedAt: _b, version: _bv, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
};

/** An import with rejected rows, refused as a whole: the directory is left exactly as it was. */
export class ImportRefusedError extends Error {
  constructor(readonly rejected: number) {
    super(`${rejected} rows were rejected; nothing was imported`);
  }
}

export type { ImportCounts };

/**
 * Writes the services of an import, all or none: any rejected row refuses the whole import
 * (ImportRefusedError) unless `skipInvalid` says to write the valid services alone. A new id keeps
 * the file's version and time; a changed existing record gets the next version and the import
 * time; an identical one is left alone. A new service that looks like a live one (or one imported
 * before it) is flagged, not merged.
 */
export async function importServices(
  repo: ImportsRepository,
  parsed: ParsedImport,
  opts: { now?: Date; skipInvalid?: boolean } = {},
): Promise<ImportCounts> {
  if (parsed.errors.length > 0 && !opts.skipInvalid) throw new ImportRefusedError(parsed.errors.length);
  const at = (opts.now ?? new Date()).toISOString();
  return repo.importServices(
    parsed.services.map((p) => p.service),
    at,
    same,
  );
}
