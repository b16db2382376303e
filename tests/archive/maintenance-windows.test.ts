/**
 * Issue #29 §3: `chc archive maintenance on` schedules a window of a type, checked against spec
 * 001 §8's notice, maximum duration and preferred hours; one that breaks a rule is refused in one
 * line unless `--force` or `--emergency` with a reason, which is recorded. The real CLI runs as a
 * child process beside the real server, which holds the database and takes the request.
 * GET /api/maintenance lists announced and current windows, with an ETag.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holidayOn } from "../../server/archive/maintenance/holidays.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const run = promisify(execFile);
let server: TestServer;

const cli = (...args: string[]) =>
  run(process.execPath, nodeArgsFor("server/cli.ts", "archive", "maintenance", ...args), {
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "silent" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
const windows = async () =>
  (
    (await (await fetch(`${server.baseUrl}/api/maintenance`)).json()) as {
      windows: Record<string, unknown>[];
    }
  ).windows;
/** The first Tuesday to Thursday at least `days` days ahead that is not a holiday, at hh:mm UTC. */
function weekdayAhead(days: number, hhmm: string): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  for (;;) {
    const at = new Date(`${d.toISOString().slice(0, 10)}T${hhmm}:00Z`);
    if ([2, 3, 4].includes(at.getUTCDay()) && !holidayOn(at)) return at;
    d.setUTCDate(d.getUTCDate() + 1);
  }
}
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000).toISOString();

beforeAll(async () => {
  server = await startTestServer({ env: { ARCHIVE_DEMO_CRAWL: "0" } });
}, 60_000);
afterAll(() => server?.close());

describe("chc archive maintenance on", () => {
  it("refuses a 25-hour window with no notice in one line naming the rules", async () => {
    const r = await cli("on", "--until", new Date(Date.now() + 25 * 3_600_000).toISOString());
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^refused: a routine window needs 24 hours notice; this one starts no time after it is announced; a routine window lasts at most 30 minutes; this one lasts 1500 minutes; outside the preferred hours/,
    );
    expect(await windows()).toEqual([]);
  }, 30_000);

  it("schedules a routine window with its notice, records when it was announced, and lists it ahead (ETag)", async () => {
    const start = weekdayAhead(3, "02:00");
    const before = Date.now();
    const r = await cli(
      "on",
      "--start",
      start.toISOString(),
      "--until",
      plus(start, 30),
      "--reason",
      "Database upgrade",
    );
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^routine maintenance window \d+ scheduled from /);
    // The server re-reads the windows at most once a second, and the previous test's listing may
    // be less than a second old: wait until it has read this one.
    await expect.poll(async () => (await windows()).length).toBe(1);
    const res = await fetch(`${server.baseUrl}/api/maintenance`);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"/);
    const [w] = ((await res.json()) as { windows: Record<string, string>[] }).windows;
    expect(w).toMatchObject({
      type: "routine",
      status: "announced",
      startsAt: start.toISOString(),
      endsAt: plus(start, 30),
      reason: "Database upgrade",
    });
    expect(Date.parse(w.announcedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(w.announcedAt)).toBeLessThanOrEqual(Date.now());
    const again = await fetch(`${server.baseUrl}/api/maintenance`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    // The archive stays open until the window starts.
    expect((await fetch(`${server.baseUrl}/api/sources`)).status).toBe(200);
  }, 30_000);

  it("refuses a major window on a weekend or in the hours to avoid unless --force with a reason, recorded", async () => {
    const sat = weekdayAhead(4, "02:00");
    sat.setUTCDate(sat.getUTCDate() + ((6 - sat.getUTCDay() + 7) % 7));
    const args = ["on", "--type", "major", "--start", sat.toISOString(), "--until", plus(sat, 120)];
    const refused = await cli(...args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^refused: outside the preferred hours .*: Saturday \d{4}-\d\d-\d\d is a weekend day/,
    );
    const noReason = await cli(...args, "--force");
    expect(noReason.stderr).toBe('--force needs --reason "why", which is recorded\n');
    const tue = weekdayAhead(4, "15:00");
    expect(
      (await cli("on", "--type", "major", "--start", tue.toISOString(), "--until", plus(tue, 60))).stderr,
    ).toMatch(/15:00 UTC is in the hours to avoid \(14:00–22:00 UTC\)/);
    const forced = await cli(...args, "--force", "--reason", "The vendor's only slot");
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(
      /\(force, against: outside the preferred hours .*weekend day; reason recorded\)\n$/,
    );
    const rows = server.contexts
      .get("archive")!
      .store.all<{ override: string; override_reason: string; rules_broken: string }>(
        "SELECT override, override_reason, rules_broken FROM maintenance_windows WHERE type = 'major'",
      );
    expect(rows).toEqual([
      {
        override: "force",
        override_reason: "The vendor's only slot",
        rules_broken: expect.stringContaining("weekend day"),
      },
    ]);
    await expect.poll(async () => (await windows()).map((w) => w.type)).toEqual(["routine", "major"]);
  }, 60_000);

  it("starts an emergency window at once (503 with Retry-After), and off ends it", async () => {
    const r = await cli(
      "on",
      "--emergency",
      "--until",
      new Date(Date.now() + 2 * 3_600_000).toISOString(),
      "--reason",
      "Disk full",
    );
    expect(r).toMatchObject({ code: 0, stderr: "" });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const closed = await fetch(`${server.baseUrl}/api/sources`);
    expect(closed.status).toBe(503);
    expect(await closed.json()).toMatchObject({
      error: "ServiceUnavailable",
      message: expect.stringContaining("Disk full"),
    });
    expect((await windows())[0]).toMatchObject({ type: "emergency", status: "current" });
    expect((await cli("off")).stdout).toBe("maintenance mode off (1 window(s) ended)\n");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await fetch(`${server.baseUrl}/api/sources`)).status).toBe(200);
    expect((await windows()).map((w) => w.type)).toEqual(["routine", "major"]);
  }, 60_000);
});
