/**
 * Issue #12, item 11, the import path: an HSDS file whose website or phone number is a runnable
 * link (`javascript:`, `data:`, `vbscript:`) is refused by `chc directory import` (a real process)
 * with a report naming file, line and field, and nothing of it reaches the real server's API.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { exportServices } from "../../server/directory/hsds/hsds-io.js";
import { directoryModule } from "../../server/directory/index.js";
import { loadSeedServices } from "../helpers/directory/seed-data.js";
import { startTestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), "chc-hsds-links-"));
  dirs.push(d);
  return d;
};

function cli(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgsFor("server/cli.ts", ...args),
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** What the real server answers for each id: 200 or 404. */
async function servedStatus(dataDir: string, ids: string[]): Promise<Record<string, number>> {
  const server = await startTestServer({ modules: [directoryModule], dataDir });
  try {
    const out: Record<string, number> = {};
    for (const id of ids) out[id] = (await fetch(`${server.baseUrl}/api/v1/services/${id}`)).status;
    const all = await (await fetch(`${server.baseUrl}/api/v1/services?limit=500`)).text();
    expect(all).not.toMatch(/javascript:|vbscript:|data:text/i);
    return out;
  } finally {
    await server.close();
  }
}

const [good, second, third] = loadSeedServices();

it("refuses a JSON import holding a javascript: website and writes none of it", async () => {
  const work = tempDir();
  const file = path.join(work, "links.json");
  exportServices([good, { ...second, url: "javascript:alert(document.cookie)" }], file, "json");
  const text = readFileSync(file, "utf8");
  const badLine = text.slice(0, text.indexOf(`"id": "${second.id}"`)).split("\n").length;

  const dataDir = path.join(work, "data");
  const run = await cli(dataDir, ["directory", "import", file]);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(
    `links.json:${badLine}: service #2: url: a web address starting with http:// or https://`,
  );
  expect(run.stderr).toMatch(/import refused: 1 rows rejected .*nothing was written/);
  expect(run.stdout).not.toMatch(/created/);
  expect(await servedStatus(dataDir, [good.id, second.id])).toEqual({ [good.id]: 404, [second.id]: 404 });
}, 120_000);

it("in the CSV form, skips each service with a runnable link whole when told to, and writes the rest", async () => {
  const work = tempDir();
  const folder = path.join(work, "export");
  exportServices(
    [
      good,
      { ...second, phones: [{ number: "data:text/html,<script>alert(1)</script>", label: null }] },
      { ...third, url: "vbscript:msgbox(1)" },
    ],
    folder,
    "csv",
  );
  const dataDir = path.join(work, "data");
  const refused = await cli(dataDir, ["directory", "import", folder]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toMatch(/phones\.csv:\d+: number: a phone number/);
  expect(refused.stderr).toMatch(
    /services\.csv:\d+: url: a web address starting with http:\/\/ or https:\/\//,
  );
  expect(refused.stderr).toContain("import refused");
  expect(await servedStatus(dataDir, [good.id, second.id, third.id])).toEqual({
    [good.id]: 404,
    [second.id]: 404,
    [third.id]: 404,
  });

  const skipped = await cli(dataDir, ["directory", "import", folder, "--skip-invalid"]);
  expect(skipped.code).toBe(2);
  expect(skipped.stdout).toContain("created 1, updated 0, unchanged 0");
  // The service whose phone row was refused is not written without its phone: it is not written.
  expect(await servedStatus(dataDir, [good.id, second.id, third.id])).toEqual({
    [good.id]: 200,
    [second.id]: 404,
    [third.id]: 404,
  });
}, 120_000);

it("keeps the report honest when every row is fine", async () => {
  const work = tempDir();
  const file = path.join(work, "fine.json");
  exportServices([good], file, "json");
  const run = await cli(path.join(work, "data"), ["directory", "import", file]);
  expect(run.code).toBe(0);
  expect(run.stdout).toContain("created 1, updated 0, unchanged 0; 0 rows rejected");
}, 120_000);
