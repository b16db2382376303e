/**
 * Archive-only settings, taken from the validated Config (`server/core/config.ts` reads and checks
 * every variable in one place).
 * ARCHIVE_MAX_RETRIES: how many times a failed crawl may be retried (spec leaves it open; 3).
 * ARCHIVE_DEMO_CRAWL: 0 skips the demo crawl on first start even when DEMO_DATA is on.
 */
import type { Config } from "../core/config.js";

export interface ArchiveSettings {
  maxRetries: number;
  demoCrawl: boolean;
}

export function archiveSettings(config: Config): ArchiveSettings {
  return { maxRetries: config.ARCHIVE_MAX_RETRIES, demoCrawl: config.ARCHIVE_DEMO_CRAWL };
}
