/**
 * Server configuration, read once from the environment and validated with zod.
 * A bad value stops start-up with one line naming the variable (see `loadConfig`).
 */
import path from "node:path";
import { z } from "zod";

const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ""));
const port = z.coerce.number().int().min(0).max(65535);
const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

export const configSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  REPLAY_PORT: port.default(8081),
  DATA_DIR: z.string().min(1).default("./data"),
  ARCHIVE_ADMIN_TOKEN: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CORS_ORIGINS: z.string().default("*"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  // API requests still unanswered after this long get a 503 and count as timeouts (spec 001 §8).
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  CHECKPOINT_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  CHECKPOINT_JOURNAL_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(16 * 1024 * 1024),
  DEMO_DATA: bool.default(true),
  // Archive search from an in-memory index (fast; about 2.8 KB per snapshot) or from FTS4 alone.
  ARCHIVE_SEARCH_MEMORY_INDEX: bool.default(true),
  SCHEDULER: bool.default(true),
  TRUST_PROXY: bool.default(false),
  // Optional upstreams of the directory, each behind a circuit breaker; off when unset.
  AI_BASE_URL: httpUrl.optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2500),
  AI_BREAKER_RESET_MS: z.coerce.number().int().min(100).optional(),
  GEOCODER_URL: httpUrl.optional(),
  ALERT_WEBHOOK_URL: httpUrl.optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, "DATA_DIR"> & { DATA_DIR: string };

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with a one-line message naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked: Record<string, string | undefined> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    picked[key] = value === "" ? undefined : value;
  }
  const parsed = configSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid environment variable ${name}=${JSON.stringify(picked[name])}: ${issue.message}`,
    );
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
