// The bundle the test run starts `chc` from (tests/helpers/server-bundle.ts) is the server itself:
// the spawn sites get it, and its modules read the files beside their sources, as under tsx.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { type AppProcess, SERVE, spawnApp } from "../helpers/app-process.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const apps: AppProcess[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop();
});

it("child processes of the run start from the bundle the global setup built", () => {
  const [script, ...args] = nodeArgsFor("server/cli.ts", "serve");
  expect(script).toBe(path.join(process.env.CHC_TEST_BUNDLE_DIR!, "server/cli.mjs"));
  expect(args).toEqual(["serve"]);
  expect(readFileSync(script!, "utf8")).toContain("buildCli");
  // Scripts that are the thing under test still run from their source.
  expect(nodeArgsFor("scripts/start.mjs")).toEqual(["--import", "tsx", "scripts/start.mjs"]);
});

it("a bundled server reads the files beside its sources (its version from package.json)", async () => {
  const app = spawnApp(SERVE, {});
  apps.push(app);
  const url = await app.listening;
  const health = await (await fetch(`${url}/api/v1/health`)).json();
  const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  expect(health.version).toBe(version);
}, 60_000);
