/** `chc waittimes import` as an operator runs it: a child process over a real data folder. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nodeArgsFor } from "../helpers/server-bundle.js";
import { fixturePath } from "../helpers/waittimes/feed-fixtures.js";
import { openTestStore } from "../helpers/waittimes/store.js";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "wt-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, nodeArgsFor("server/cli.ts", "waittimes", ...args), {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function measurementCount() {
  const t = await openTestStore(dataDir);
  const n = t.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM measurements")!.n;
  await t.cleanup();
  return n;
}

// Each child gets up to 60 s (a busy machine starts one slowly) and a test runs at most two.
describe("waittimes import", { timeout: 130_000 }, () => {
  it("--strict refuses a file with a bad row and imports nothing (exit 1)", async () => {
    const r = cli("import", "--source", "ontario-health", "--strict", fixturePath("ontario-health.csv"));
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report.outcome).toBe("rejected");
    expect(report.errors.map((e: { line: number }) => e.line)).toEqual([4, 5]);
    expect(await measurementCount()).toBe(0);
  });

  it("imports the good rows with a line-numbered report, and the same file again adds nothing", async () => {
    const first = cli("import", "--source", "ontario-health", fixturePath("ontario-health.csv"));
    expect(first.code).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({ outcome: "partial", accepted: 3, rejected: 2 });
    expect(await measurementCount()).toBe(3);
    const again = cli("import", "--source", "ontario-health", fixturePath("ontario-health.csv"));
    expect(JSON.parse(again.out).outcome).toBe("already_imported");
    expect(await measurementCount()).toBe(3);
  });

  it("refuses an unknown source", () => {
    const r = cli("import", "--source", "nova-scotia", fixturePath("ontario-health.csv"));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/alberta-ahs, bc-phsa, quebec-msss, ontario-health/);
  });
});
