/**
 * Names shared by the crawler, the indexer and the storage backends: the files a crawl keeps in
 * its job folder, and the shard kind of a job made by a salvage import.
 */
export const STATE_FILE = ".archive_state.json";
export const CAPTURE_LOG = "captures.jsonl";
export const LEGACY_SHARD_KIND = "legacy-full-site";
