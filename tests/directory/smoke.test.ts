import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { runSmoke } from "../../server/directory/smoke.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

let seeded: TestServer;
let empty: TestServer;
beforeAll(async () => {
  seeded = await startTestServer({ modules: [directoryModule], demo: true });
  empty = await startTestServer({ modules: [directoryModule], demo: false });
});
afterAll(async () => {
  await seeded.close();
  await empty.close();
});

describe("directory smoke", () => {
  it("passes all three checks on a healthy, seeded server", async () => {
    const results = await runSmoke(seeded.baseUrl);
    expect(results.map((r) => [r.check, r.ok])).toEqual([
      ["health", true],
      ["services listing", true],
      ["search", true],
    ]);
  });
  it("names the listing and search checks when the directory is empty", async () => {
    const results = await runSmoke(empty.baseUrl);
    expect(results.filter((r) => !r.ok).map((r) => r.check)).toEqual(["services listing", "search"]);
  });
  it("fails every check, without hanging, when nothing listens", async () => {
    const results = await runSmoke("http://127.0.0.1:9");
    expect(results.every((r) => !r.ok)).toBe(true);
  });
  it("the CLI exits non-zero and names what failed", async () => {
    const run = promisify(execFile);
    const err = await run(
      process.execPath,
      nodeArgsFor("server/cli.ts", "directory", "smoke", empty.baseUrl),
      {
        env: { ...process.env, DATA_DIR: `${empty.dataDir}-cli`, LOG_LEVEL: "silent" },
      },
    ).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect((err as { code: number }).code).toBe(1);
    expect((err as { stderr: string }).stderr).toContain("smoke failed: services listing, search");
    const ok = await run(
      process.execPath,
      nodeArgsFor("server/cli.ts", "directory", "smoke", seeded.baseUrl),
      {
        env: { ...process.env, DATA_DIR: `${seeded.dataDir}-cli`, LOG_LEVEL: "silent" },
      },
    );
    expect(ok.stdout).toContain("PASS search");
  });
});
