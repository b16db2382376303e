/**
 * The archive repository on the durable sql.js store: reads answer from memory, and each write
 * method is one `store.write` (one journal record, resolved once durable). Paths cross the
 * interface absolute and are stored relative to the WARC root (paths.ts).
 */
import type { Store } from "../../db/types.js";
import type { ArchiveRepository } from "../repository.js";
import { sqljsCaptures } from "./captures-area.js";
import { sqljsEditions } from "./editions-area.js";
import { sqljsJobs } from "./jobs-area.js";
import { sqljsMaintenance } from "./maintenance.js";
import { sqljsReporting } from "./reporting-area.js";
import { sqljsSearch } from "./search-area.js";

export function createSqljsArchiveRepository(store: Store, warcRoot: string): ArchiveRepository {
  const repo: ArchiveRepository = {
    warcRoot,
    ...sqljsJobs(store, warcRoot),
    ...sqljsCaptures(store, warcRoot),
    ...sqljsSearch(store, () => repo),
    ...sqljsEditions(store, warcRoot),
    ...sqljsReporting(store, warcRoot),
    ...sqljsMaintenance(store),
    dataVersion: async () => store.dataVersion,
    check: async () => store.check(),
  };
  return repo;
}
