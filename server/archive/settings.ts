/**
 * Archive-only settings read from the environment (the shared Config holds the ports and paths).
 * ARCHIVE_MAX_RETRIES: how many times a failed crawl may be retried (spec leaves it open; 3).
 * ARCHIVE_DEMO_CRAWL: 0 skips the demo crawl on first start even when DEMO_DATA is on.
 */
import { z } from "zod";

const schema = z.object({
  ARCHIVE_MAX_RETRIES: z.coerce.number().int().min(0).max(100).default(3),
  ARCHIVE_DEMO_CRAWL: z.enum(["0", "1"]).default("1"),
});

export interface ArchiveSettings {
  maxRetries: number;
  demoCrawl: boolean;
}

export function archiveSettings(env: NodeJS.ProcessEnv = process.env): ArchiveSettings {
  const parsed = schema.safeParse({
    ARCHIVE_MAX_RETRIES: env.ARCHIVE_MAX_RETRIES || undefined,
    ARCHIVE_DEMO_CRAWL: env.ARCHIVE_DEMO_CRAWL || undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  return { maxRetries: parsed.data.ARCHIVE_MAX_RETRIES, demoCrawl: parsed.data.ARCHIVE_DEMO_CRAWL === "1" };
}
