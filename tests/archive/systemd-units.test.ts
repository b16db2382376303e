/**
 * Issue #16 §2: deploy/systemd/ has a service and a timer per scheduled task of spec 001 §6 at the
 * spec's cadence; every ExecStart is a command the real CLI (buildCli) accepts; the server's own
 * unit leaves the nine tasks to the timers; the ping URLs live in one owner-only environment file.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { archiveTasks } from "../../server/archive/tasks/registry.js";
import { buildCli } from "../../server/cli.js";
import { loadConfig } from "../../server/core/config.js";

const DIR = path.resolve("deploy/systemd");
const DAY = 24 * 3600_000;

// Spec 001 §6, "Operational pings": timer, cadence and ping variable of each scheduled task. The
// yearly schedule-annual follows the calendar itself (editions/calendar.ts: the campaign is claimed
// once a year, in ARCHIVE_CAMPAIGN_MONTH), so its timer checks daily, as its in-process run does.
const SPEC_TIMERS: [string, "daily" | "weekly" | "yearly", string][] = [
  ["archive-baseline-drift-check.timer", "weekly", "ARCHIVE_HC_PING_BASELINE_DRIFT"],
  ["archive-public-surface-verify.timer", "daily", "ARCHIVE_HC_PING_PUBLIC_VERIFY"],
  ["archive-replay-reconcile.timer", "daily", "ARCHIVE_HC_PING_REPLAY_RECONCILE"],
  ["archive-change-tracking.timer", "daily", "ARCHIVE_HC_PING_CHANGE_TRACKING"],
  ["archive-schedule-annual.timer", "yearly", "ARCHIVE_HC_PING_SCHEDULE_ANNUAL"],
  ["archive-annual-search-verify.timer", "daily", "ARCHIVE_HC_PING_ANNUAL_SEARCH_VERIFY"],
  ["archive-coverage-guardrails.timer", "daily", "ARCHIVE_HC_PING_COVERAGE_GUARDRAILS"],
  ["archive-replay-smoke.timer", "daily", "ARCHIVE_HC_PING_REPLAY_SMOKE"],
  ["archive-cleanup-automation.timer", "weekly", "ARCHIVE_HC_PING_CLEANUP_AUTOMATION"],
];
const PERIOD = { daily: DAY, weekly: 7 * DAY, yearly: 365 * DAY };
// OnCalendar forms for each cadence, at a fixed time of day in UTC.
const CALENDAR = {
  daily: /^\*-\*-\* \d{2}:\d{2}:\d{2} UTC$/,
  weekly: /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \*-\*-\* \d{2}:\d{2}:\d{2} UTC$/,
  yearly: /^\*-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/,
};

const timerCadence = (timerFile: string, cadence: keyof typeof PERIOD) =>
  timerFile === "archive-schedule-annual.timer" ? "daily" : cadence;

/** A unit file as section → key → values (keys may repeat, e.g. Environment). */
function parseUnit(file: string): Record<string, Record<string, string[]>> {
  const out: Record<string, Record<string, string[]>> = {};
  let section = "";
  for (const raw of readFileSync(path.join(DIR, file), "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const head = /^\[(.+)\]$/.exec(line);
    if (head) {
      section = head[1];
      out[section] = {};
      continue;
    }
    const eq = line.indexOf("=");
    expect(eq, `${file}: "${line}"`).toBeGreaterThan(0);
    const key = line.slice(0, eq);
    out[section][key] = [...(out[section][key] ?? []), line.slice(eq + 1)];
  }
  return out;
}

const units = readdirSync(DIR).filter((f) => /\.(service|timer)$/.test(f));
const one = (u: ReturnType<typeof parseUnit>, section: string, key: string) => {
  expect(u[section]?.[key], `${section}.${key}`).toHaveLength(1);
  return u[section][key][0];
};
const environment = (u: ReturnType<typeof parseUnit>) =>
  Object.fromEntries((u.Service.Environment ?? []).map((e) => e.split(/=(.*)/s).slice(0, 2)));

/** Walks the commander program like a shell would: subcommands, then options and arguments. */
function resolve(program: Command, args: string[]): { path: string; positional: string[] } {
  let cmd = program;
  const names: string[] = [];
  while (args.length && cmd.commands.some((c) => c.name() === args[0])) {
    cmd = cmd.commands.find((c) => c.name() === args[0]) as Command;
    names.push(args.shift() as string);
  }
  expect(cmd.commands, `"${names.join(" ")}" is a command, not a group`).toEqual([]);
  const positional: string[] = [];
  while (args.length) {
    const arg = args.shift() as string;
    if (!arg.startsWith("-")) {
      positional.push(arg);
      continue;
    }
    const opt = cmd.options.find((o) => o.long === arg.split("=")[0] || o.short === arg);
    expect(opt, `${names.join(" ")} has the option ${arg}`).toBeDefined();
    if ((opt?.required || opt?.optional) && !arg.includes("=")) args.shift();
  }
  const declared = cmd.registeredArguments;
  expect(positional.length).toBeGreaterThanOrEqual(declared.filter((a) => a.required).length);
  expect(positional.length).toBeLessThanOrEqual(declared.length);
  return { path: names.join(" "), positional };
}

describe("deploy/systemd", () => {
  it("runs a real CLI command in every ExecStart", () => {
    const program = buildCli();
    const services = units.filter((f) => f.endsWith(".service"));
    expect(services.length).toBe(10);
    for (const file of services) {
      const [node, entry, ...args] = one(parseUnit(file), "Service", "ExecStart").split(/\s+/);
      expect(node).toBe("/usr/bin/node");
      expect(entry).toBe("/opt/chc/bin/chc.mjs");
      expect(existsSync("bin/chc.mjs")).toBe(true);
      const cmd = resolve(program, args);
      if (file === "chc.service") expect(cmd.path).toBe("serve");
      else {
        expect(cmd.path).toBe("archive task");
        expect(archiveTasks().map((t) => t.name)).toContain(cmd.positional[0]);
      }
    }
  });

  it("has a timer per scheduled task of the spec, at its cadence, starting that task", () => {
    const timers = units.filter((f) => f.endsWith(".timer"));
    expect(timers.sort()).toEqual(SPEC_TIMERS.map(([t]) => t).sort());
    for (const [timerFile, cadence, pingVar] of SPEC_TIMERS) {
      const timer = parseUnit(timerFile);
      const calendar = one(timer, "Timer", "OnCalendar");
      expect(calendar, timerFile).toMatch(CALENDAR[timerCadence(timerFile, cadence)]);
      expect(one(timer, "Timer", "Persistent")).toBe("true");
      expect(one(timer, "Install", "WantedBy")).toBe("timers.target");
      const serviceFile = one(timer, "Timer", "Unit");
      expect(serviceFile).toBe(timerFile.replace(/\.timer$/, ".service"));
      const service = parseUnit(serviceFile);
      expect(one(service, "Service", "Type")).toBe("oneshot");
      const task = one(service, "Service", "ExecStart").split(/\s+/).pop();
      expect(`archive-${task}.timer`).toBe(timerFile);
      const def = archiveTasks().find((t) => t.name === task)!;
      expect(def.pingVar).toBe(pingVar);
      // The in-process scheduler checks the calendar-driven task at least as often as its timer.
      if (cadence === "yearly") expect(def.everyMs).toBeLessThanOrEqual(DAY);
      else expect(def.everyMs).toBe(PERIOD[cadence]);
    }
  });

  it("agrees with systemd's own reading of each OnCalendar", () => {
    // .ci/run installs Debian's systemd for this; without systemd-analyze the check cannot be made.
    const analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find(existsSync);
    expect(analyze, "systemd-analyze (Debian's systemd package) is needed").toBeDefined();
    if (!analyze) return;
    for (const [timerFile, cadence] of SPEC_TIMERS) {
      const calendar = one(parseUnit(timerFile), "Timer", "OnCalendar");
      const period = PERIOD[timerCadence(timerFile, cadence)];
      const out = execFileSync(analyze, ["calendar", "--iterations=3", calendar], { encoding: "utf8" });
      const times = [...out.matchAll(/(?:Next elapse|Iter\. #\d): \w{3} (\S+ \S+) UTC/g)].map((m) =>
        Date.parse(`${m[1].replace(" ", "T")}Z`),
      );
      expect(times).toHaveLength(3);
      expect(times[2] - times[1]).toBe(period);
    }
  });

  it("keeps the ping URLs in one environment file, out of the units", () => {
    for (const file of units.filter((f) => f.startsWith("archive-") && f.endsWith(".service"))) {
      const service = parseUnit(file);
      expect(one(service, "Service", "EnvironmentFile")).toBe("-/etc/chc/archive-pings.env");
      expect(environment(service).ARCHIVE_PING_ENV_FILE).toBe("/etc/chc/archive-pings.env");
    }
    for (const file of units)
      expect(readFileSync(path.join(DIR, file), "utf8")).not.toMatch(/ARCHIVE_HC_PING_\w+=/);
    const example = readFileSync(path.join(DIR, "archive-pings.env.example"), "utf8");
    for (const [, , pingVar] of SPEC_TIMERS) expect(example).toContain(`#${pingVar}=https://`);
    expect(example).toContain("-m 600");
  });

  it("starts the server with the archive's nine tasks left to the timers, other background work on", () => {
    const env = environment(parseUnit("chc.service"));
    const config = loadConfig(env);
    expect(config.ARCHIVE_SCHEDULER).toBe(false);
    expect(config.SCHEDULER).toBe(true);
    expect(config.DATA_DIR).toBe("/var/lib/chc");
  });
});
