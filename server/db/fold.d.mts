/** Types for fold.mjs. */
import type { SqlJsStatic } from "sql.js";

export function foldJournals(
  SQL: SqlJsStatic,
  dbFile: string,
  journals: string[],
): { bytes: Uint8Array; lastSeq: number };
