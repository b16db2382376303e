/**
 * Archive-only settings, taken from the validated Config (`server/core/config.ts` reads and checks
 * every variable in one place). At the top of the module because the repository seam, the CLI and
 * most stages read them.
 * ARCHIVE_MAX_RETRIES: how many times a failed crawl may be retried (spec leaves it open; 3).
 * ARCHIVE_DEMO_CRAWL: 0 skips the demo crawl on first start even when DEMO_DATA is on.
 * ARCHIVE_SHARD_MAX_URLS: most ledger URLs in one shard job of an annual edition (500).
 * ARCHIVE_CAMPAIGN_MONTH: month of the yearly campaign, 1-12 in UTC (1, January: spec 001 §8).
 * ARCHIVE_WARC_DIR: the folder job folders and WARC files live under (`<DATA_DIR>/archive`); rows
 * hold paths relative to it, so machines sharing it may mount it at different places.
 */
import path from "node:path";
import type { Config } from "../core/config.js";
import { defaultWarcRoot } from "./jobs/warc-paths.js";

export interface ArchiveSettings {
  maxRetries: number;
  demoCrawl: boolean;
  shardMaxUrls: number;
  campaignMonth: number;
  warcRoot: string;
}

export function archiveSettings(config: Config): ArchiveSettings {
  return {
    maxRetries: config.ARCHIVE_MAX_RETRIES,
    demoCrawl: config.ARCHIVE_DEMO_CRAWL,
    shardMaxUrls: config.ARCHIVE_SHARD_MAX_URLS,
    campaignMonth: config.ARCHIVE_CAMPAIGN_MONTH,
    warcRoot: path.resolve(config.ARCHIVE_WARC_DIR ?? defaultWarcRoot(config.DATA_DIR)),
  };
}
