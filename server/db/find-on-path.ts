/**
 * Where an external tool the server runs lives (zimwriterfs for the ZIM export, pg_dump and
 * pg_restore for PostgreSQL backups): the first executable file of that name on PATH. Kept in db/,
 * the lowest layer, so both db/ and the modules may use it.
 */
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

/** The executable `name` on `searchPath` (PATH's syntax), or null. */
export function findOnPath(name: string, searchPath = process.env.PATH ?? ""): string | null {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return null;
}
