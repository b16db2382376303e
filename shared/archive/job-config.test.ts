import { describe, expect, it } from "vitest";
import { parseJobConfig } from "./job-config.js";

describe("job config", () => {
  it("accepts the spec's shape with every tool option", () => {
    const r = parseJobConfig({
      seeds: ["https://www.canada.ca/en/public-health.html"],
      zimit_passthrough_args: ["--scopeType", "prefix"],
      tool_options: {
        cleanup: true,
        overwrite: false,
        skip_final_build: false,
        enable_monitoring: true,
        enable_adaptive_workers: true,
        enable_adaptive_restart: false,
        enable_vpn_rotation: false,
        relax_perms: false,
        initial_workers: 4,
        min_workers: 1,
        max_worker_reductions: 2,
        monitor_interval_seconds: 30,
        stall_timeout_minutes: 60,
        error_threshold_timeout: 10,
        error_threshold_http: 10,
        max_vpn_rotations: 0,
        vpn_rotation_frequency_minutes: 60,
        backoff_delay_minutes: 5,
        log_level: "info",
        docker_shm_size: "1g",
        vpn_connect_command: "",
      },
    });
    expect(r.ok).toBe(true);
  });
  it("names the bad key and what is allowed", () => {
    const bad = [
      [{ seeds: [] }, "seeds"],
      [{ seeds: ["ftp://x.org/"] }, "seeds.0"],
      [{ seeds: ["http://x.org/"], tool_options: { initial_workers: "4" } }, "tool_options.initial_workers"],
      [{ seeds: ["http://x.org/"], tool_options: { cleanup: "yes" } }, "tool_options.cleanup"],
      [{ seeds: ["http://x.org/"], tool_options: { workers: 2 } }, "tool_options"],
      [
        { seeds: ["http://x.org/"], tool_options: { initial_workers: 1, min_workers: 3 } },
        "tool_options.min_workers",
      ],
      [{ seeds: ["http://x.org/"], extra: 1 }, "config"],
    ] as const;
    for (const [input, where] of bad) {
      const r = parseJobConfig(input);
      expect(r.ok, JSON.stringify(input)).toBe(false);
      if (!r.ok) expect(r.message).toContain(where);
    }
  });
});
