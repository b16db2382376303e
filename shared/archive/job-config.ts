/**
 * The job configuration of spec 001 §2 ("Job config (JSON)"): seeds, zimit passthrough args and
 * tool_options with every listed key at its listed type. Unknown keys are refused so a typo does
 * not silently fall back to a default. `scope` is this implementation's own addition (include and
 * exclude rules, caps, robots, private-address permission) for the Node crawler.
 */
import { z } from "zod";

const bool = z.boolean();
const int = z.number().int();

export const toolOptionsSchema = z
  .object({
    cleanup: bool,
    overwrite: bool,
    skip_final_build: bool,
    enable_monitoring: bool,
    enable_adaptive_workers: bool,
    enable_adaptive_restart: bool,
    enable_vpn_rotation: bool,
    relax_perms: bool,
    initial_workers: int.min(1).max(32),
    min_workers: int.min(1).max(32),
    max_worker_reductions: int.min(0).max(100),
    monitor_interval_seconds: int.min(1).max(86_400),
    stall_timeout_minutes: int.min(1).max(10_080),
    error_threshold_timeout: int.min(1).max(1_000_000),
    error_threshold_http: int.min(1).max(1_000_000),
    max_vpn_rotations: int.min(0).max(1000),
    vpn_rotation_frequency_minutes: int.min(1).max(10_080),
    backoff_delay_minutes: int.min(0).max(10_080),
    log_level: z.string().max(20),
    docker_shm_size: z.string().max(20),
    vpn_connect_command: z.string().max(500),
  })
  .partial()
  .strict()
  .refine(
    (o) =>
      o.min_workers === undefined || o.initial_workers === undefined || o.min_workers <= o.initial_workers,
    {
      message: "min_workers must not exceed initial_workers",
      path: ["min_workers"],
    },
  );

export const scopeSchema = z
  .object({
    include: z.array(z.string().min(1).max(500)).max(100),
    exclude: z.array(z.string().min(1).max(500)).max(100),
    max_pages: int.min(1).max(1_000_000),
    max_bytes: int.min(1),
    max_minutes: int.min(1).max(10_080),
    respect_robots: bool,
    allow_private: bool,
    delay_ms: int.min(0).max(60_000),
    // false: fetch the seeds (and what they embed, and where they redirect) without following
    // their links; the shard jobs of an annual edition fetch exactly their ledger URLs this way.
    follow_links: bool,
    // Links followed from the seeds before a page's own links are left (crawl-traps.ts).
    max_depth: int.min(1).max(1000),
    // Tries of each URL before it is recorded as failed, when the site answers 5xx or 429 or
    // the fetch fails (1: no retry); the waits between tries double from retry_backoff_ms.
    url_attempts: int.min(1).max(10),
    retry_backoff_ms: int.min(0).max(600_000),
  })
  .partial()
  .strict();

const httpUrl = z
  .string()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL");

export const jobConfigSchema = z
  .object({
    seeds: z.array(httpUrl).min(1).max(1000),
    zimit_passthrough_args: z.array(z.string().max(500)).max(100).default([]),
    tool_options: toolOptionsSchema.default({}),
    scope: scopeSchema.default({}),
  })
  .strict();

export type JobConfig = z.infer<typeof jobConfigSchema>;

/** Validates a job config; the error names the first bad key path and what is allowed. */
export function parseJobConfig(
  input: unknown,
): { ok: true; config: JobConfig } | { ok: false; message: string } {
  const parsed = jobConfigSchema.safeParse(input);
  if (parsed.success) return { ok: true, config: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue.path.length ? issue.path.join(".") : "config";
  return {
    ok: false,
    message: `config.${where === "config" ? "" : where}: ${issue.message}`.replace("config.: ", "config: "),
  };
}
