/** What a scheduled task may use; built by the server (in-process scheduler) or by the CLI. */
import type { Store } from "../../db/types.js";

export interface TaskContext {
  store: Store;
  dataDir: string;
  maxRetries: number;
  /** GET a path of the app's own public surface (in-process in the server, HTTP from the CLI). */
  request(path: string): Promise<Response>;
  /** Base URL of the replay listener, when known. */
  replayUrl(): string | null;
  now(): string;
}

export interface TaskResult {
  ok: boolean;
  summary: string;
  details?: unknown;
}
