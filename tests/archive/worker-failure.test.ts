// `chc archive worker` says why a job failed, not only that it did: the reason the runner
// recorded (here, a seed on a private address a job without --allow-private may not fetch).
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { scratchDir } from "../helpers/scratch-dir.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const dataDir = scratchDir("chc-worker-failure-");
const cli = (...args: string[]) =>
  run(process.execPath, nodeArgsFor("server/cli.ts", "archive", ...args), {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("prints the reason a crawl failed beside the job's counts", async () => {
  await cli("create-job", "--source", "phac", "--name", "private", "--seed", "http://127.0.0.1:9/");
  const worked = (await cli("worker").catch((e: { stdout: string; code: number }) => e)) as {
    stdout: string;
    code?: number;
  };
  expect(worked.code).toBe(1);
  expect(worked.stdout).toMatch(
    /^job 1: failed \(0 pages crawled, 0 failed, 0 snapshots\): .*public address/m,
  );
});
