/** What a scheduled task may use; built by the server (in-process scheduler) or by the CLI. */
import type { StoreOrRepository } from "../repository-of.js";

export interface TaskContext {
  /** The archive's repository (the CLI and tests may pass its sql.js store). */
  store: StoreOrRepository;
  dataDir: string;
  maxRetries: number;
  /** GET a path of the app's own public surface (in-process in the server, HTTP from the CLI). */
  request(path: string): Promise<Response>;
  /** Base URL of the replay listener, when known. */
  replayUrl(): string | null;
  now(): string;
  /** Annual editions: shard size and campaign month (ARCHIVE_SHARD_MAX_URLS, ARCHIVE_CAMPAIGN_MONTH). */
  editions: { shardMaxUrls: number; campaignMonth: number };
}

export interface TaskResult {
  ok: boolean;
  summary: string;
  details?: unknown;
}
