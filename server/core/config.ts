/**
 * Server configuration, read once from the environment and validated with zod.
 * A bad value stops start-up with one line naming the variable (see `loadConfig`).
 */
import path from "node:path";
import { z } from "zod";

/** The check URLs pinged after each scheduled archive task (spec 001 §6), one per task. */
export const ARCHIVE_PING_VARS = [
  "ARCHIVE_HC_PING_BASELINE_DRIFT",
  "ARCHIVE_HC_PING_PUBLIC_VERIFY",
  "ARCHIVE_HC_PING_REPLAY_RECONCILE",
  "ARCHIVE_HC_PING_CHANGE_TRACKING",
  "ARCHIVE_HC_PING_SCHEDULE_ANNUAL",
  "ARCHIVE_HC_PING_ANNUAL_SEARCH_VERIFY",
  "ARCHIVE_HC_PING_COVERAGE_GUARDRAILS",
  "ARCHIVE_HC_PING_REPLAY_SMOKE",
  "ARCHIVE_HC_PING_CLEANUP_AUTOMATION",
] as const;
export type ArchivePingVar = (typeof ARCHIVE_PING_VARS)[number];

const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ""));
const port = z.coerce.number().int().min(0).max(65535);
const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));
// How many proxies the operator runs in front of the server; true/false stand for 1 and 0.
const proxyHops = z
  .string()
  .regex(
    /^(\d{1,2}|true|false|yes|no|on|off)$/,
    "must be the number of proxies in front (0 to 10) or true/false",
  )
  .transform((v) =>
    ["true", "yes", "on"].includes(v) ? 1 : ["false", "no", "off"].includes(v) ? 0 : Number(v),
  )
  .pipe(z.number().max(10, "must be at most 10 proxies"));

/** Variables whose value must never be echoed, even in a start-up error (ping and webhook URLs embed keys). */
const SECRET_VARIABLES = new Set<string>([
  "DATABASE_URL",
  "ARCHIVE_ADMIN_TOKEN",
  "AI_API_KEY",
  "ALERT_WEBHOOK_URL",
  "ALERT_SMTP_URL",
  ...ARCHIVE_PING_VARS,
]);

export const configSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  REPLAY_PORT: port.default(8081),
  // Public addresses behind a proxy: replay on its own host name in production (captured pages
  // must never share the app's site), and the app's address for replay's "back to the archive".
  REPLAY_PUBLIC_URL: httpUrl.optional(),
  APP_PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  // PostgreSQL instead of the embedded sql.js files; it holds a password, so it is never logged.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  // Connections per module schema and process (PostgreSQL only).
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(10),
  // App processes on one port (node:cluster); more than one needs DATABASE_URL.
  WORKERS: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(64, "must be at most 64")
    .default(1),
  // Long enough that guessing it is hopeless, given that /metrics limits wrong tries per address.
  ARCHIVE_ADMIN_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
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
  // Archive search from a packed index in a worker thread (fast; about 1 KB per snapshot) or from FTS4 alone.
  ARCHIVE_SEARCH_MEMORY_INDEX: bool.default(true),
  SCHEDULER: bool.default(true),
  TRUST_PROXY: proxyHops.default(0),
  // Optional upstreams of the directory, each behind a circuit breaker; off when unset.
  AI_BASE_URL: httpUrl.optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2500),
  AI_BREAKER_RESET_MS: z.coerce.number().int().min(100).optional(),
  GEOCODER_URL: httpUrl.optional(),
  ALERT_WEBHOOK_URL: httpUrl.optional(),
  // How long the chat webhook has to answer: a slow but working Slack takes a few seconds, and a
  // request left unanswered is not sent again (it may have been posted), so this is generous.
  ALERT_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Operator alerts by e-mail as well as chat: the relay (smtp:// with STARTTLS when offered, or
  // smtps://; user and password in the URL, so never shown), the sender and the mailboxes.
  ALERT_SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  // Further attempts of each alert channel, with back-off (2 s, then 8 s, 32 s…), before it is given up.
  // Three further tries (after 2, 8 and 32 s) reach past the webhook breaker's 30 s open spell:
  // the last is its trial call, so a receiver back by then gets the alert and closes the breaker.
  ALERT_RETRIES: z.coerce.number().int().min(0).max(6).default(3),
  ALERT_MAIL_FROM: z.email("must be one e-mail address").optional(),
  ALERT_MAIL_TO: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.email("must be e-mail addresses separated by commas"))
        .min(1, "must name at least one mailbox"),
    )
    .optional(),
  // Where the app's "Exit this page" button sends a person who may be watched: a neutral site.
  QUICK_EXIT_URL: httpUrl.default("https://www.google.ca"),
  // Where `vite build` wrote the web app (parallel test runs build separate copies); default dist/web.
  WEB_DIST_DIR: z.string().min(1).optional(),
  // Wait times: demo size, and the provincial feeds to poll (polling is off without a URL).
  WAITTIMES_DEMO_SCALE: z.enum(["small", "large"]).default("small"),
  WAITTIMES_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  WAITTIMES_ALBERTA_AHS_URL: httpUrl.optional(),
  WAITTIMES_BC_PHSA_URL: httpUrl.optional(),
  WAITTIMES_QUEBEC_MSSS_URL: httpUrl.optional(),
  WAITTIMES_ONTARIO_HEALTH_URL: httpUrl.optional(),
  // Archive: crawl retries, the first-start demo crawl, and the check URLs pinged after each task.
  ARCHIVE_MAX_RETRIES: z.coerce.number().int().min(0).max(100).default(3),
  // Where crawls write their WARC files (a folder several machines may share); default <DATA_DIR>/archive.
  ARCHIVE_WARC_DIR: z.string().min(1).optional(),
  ARCHIVE_DEMO_CRAWL: bool.default(true),
  // Annual editions: most URLs per shard job (a job takes at most 1,000 seeds) and the month
  // (1-12, UTC) of the yearly campaign.
  ARCHIVE_SHARD_MAX_URLS: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1000, "must be at most 1000 (a shard job takes at most 1000 seeds)")
    .default(500),
  ARCHIVE_CAMPAIGN_MONTH: z.coerce
    .number()
    .int("must be a month number from 1 to 12")
    .min(1, "must be a month number from 1 to 12")
    .max(12, "must be a month number from 1 to 12")
    .default(1),
  // 0 when systemd timers run the nine archive tasks (deploy/systemd/); the crawl worker stays on.
  ARCHIVE_SCHEDULER: bool.default(true),
  // The ping URLs' environment file (owner-only); read before each task, so removing it stops pings.
  ARCHIVE_PING_ENV_FILE: z
    .string()
    .refine((p) => path.isAbsolute(p), "must be an absolute path")
    .optional(),
  ...Object.fromEntries(ARCHIVE_PING_VARS.map((name) => [name, httpUrl.optional()])),
});

export type Config = Omit<z.infer<typeof configSchema>, "DATA_DIR"> & {
  DATA_DIR: string;
} & Partial<Record<ArchivePingVar, string>>;

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
    const shown = SECRET_VARIABLES.has(name) ? "(hidden)" : JSON.stringify(picked[name]);
    throw new ConfigError(`Invalid environment variable ${name}=${shown}: ${issue.message}`);
  }
  if (parsed.data.WORKERS > 1 && !parsed.data.DATABASE_URL) {
    throw new ConfigError(
      `Invalid environment variable WORKERS=${parsed.data.WORKERS}: several processes need PostgreSQL ` +
        "(set DATABASE_URL); on the embedded sql.js files only one process may open the data, so use WORKERS=1",
    );
  }
  const mail = ["ALERT_SMTP_URL", "ALERT_MAIL_FROM", "ALERT_MAIL_TO"] as const;
  const mailSet = mail.filter((name) => parsed.data[name] !== undefined);
  if (mailSet.length > 0 && mailSet.length < mail.length) {
    const missing = mail.filter((name) => parsed.data[name] === undefined);
    throw new ConfigError(
      `Missing environment variable ${missing.join(", ")}: alert e-mail needs ALERT_SMTP_URL, ALERT_MAIL_FROM and ALERT_MAIL_TO together (${mailSet.join(", ")} set)`,
    );
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
