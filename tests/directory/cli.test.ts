import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-dir-cli-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      nodeArgsFor("server/cli.ts", ...args),
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    if (stdin !== undefined) child.stdin?.end(stdin);
    else child.stdin?.end();
  });
}

describe("directory CLI", () => {
  it("creates the first admin from stdin, generates a partner's password once, lists, disables, resets", async () => {
    const admin = await cli(
      ["directory", "user", "add", "root@example.org", "--role", "admin", "--password-stdin"],
      "a strong pass phrase\n",
    );
    expect(admin.code).toBe(0);
    expect(admin.stdout).toContain("created admin root@example.org");
    expect(admin.stdout).not.toContain("a strong pass phrase");
    const partner = await cli(["directory", "user", "add", "p@example.org", "--org", "org-crisis-988"]);
    expect(partner.stdout).toMatch(/password \(shown once, store it safely\): \S{20,}/);
    const weak = await cli(
      ["directory", "user", "add", "w@example.org", "--role", "admin", "--password-stdin"],
      "short\n",
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("12 characters");
    expect((await cli(["directory", "user", "disable", "p@example.org"])).code).toBe(0);
    const list = await cli(["directory", "user", "list"]);
    expect(list.stdout).toContain("root@example.org\tadmin\t-\tactive");
    expect(list.stdout).toContain("p@example.org\tpartner\torg-crisis-988\tdisabled");
    expect(list.stdout).not.toMatch(/scrypt/);
    const reset = await cli(
      ["directory", "user", "reset-password", "root@example.org", "--password-stdin"],
      "another strong phrase\n",
    );
    expect(reset.code).toBe(0);
  }, 120_000);
  it("seeds, exports and re-imports, and reports bad rows with a non-zero exit", async () => {
    const seeded = (await cli(["directory", "seed", "--report"])).stdout;
    expect(seeded).toContain("seeded 171 services from 196 records; merged 25 duplicate records");
    // The report: one line per merged pair, with the evidence and the score.
    expect(seeded.match(/^ {2}kept /gm)).toHaveLength(25);
    expect(seeded).toContain(
      "kept kgh-emergency-department <- kingston-general-hospital: score 100 (same organization, same name, same phone, same address, same website)",
    );
    expect(seeded).toMatch(
      /kept earlyon-kchc <- earlyon-cosy: score 60 \(similar name, same address, same website\)/,
    );
    const out = path.join(dataDir, "export");
    expect((await cli(["directory", "export", out])).stdout).toContain("exported 171 services");
    const again = await cli(["directory", "import", out]);
    expect(again.stdout).toContain("created 0, updated 0, unchanged 171; 0 rows rejected");
    const bad = await cli([
      "directory",
      "import",
      path.resolve("tests/directory/fixtures/hsds-bad"),
      "--dry-run",
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("locations.csv:3: latitude");
    expect(bad.stdout).toContain("1 services valid");

    // A record kept on a guess (another taxonomy's terms: filed under "community") is reported.
    const json = path.join(dataDir, "export.json");
    await cli(["directory", "export", json, "--format", "json"]);
    const [first] = JSON.parse(readFileSync(json, "utf8")) as Record<string, unknown>[];
    delete first.x_category;
    first.attributes = [
      {
        id: "5f0c7d0e-0000-4000-8000-000000000005",
        taxonomy_term_id: "BD-1800.2000",
        taxonomy_term: { id: "BD-1800.2000", code: "BD-1800.2000", name: "Food Pantries" },
      },
    ];
    const foreign = path.join(dataDir, "foreign.json");
    writeFileSync(foreign, JSON.stringify([first]));
    const guessed = await cli(["directory", "import", foreign, "--dry-run"]);
    expect(guessed.code).toBe(0);
    expect(guessed.stderr).toMatch(
      /^foreign\.json:1: warning: service #1 .*attributes: no taxonomy term is one of ours \(BD-1800\.2000\); filed under "community"/m,
    );
  }, 120_000);

  it("exports and lists accounts while a server holds the data folder", async () => {
    const server = await startTestServer({ dataDir });
    try {
      const out = path.join(dataDir, "export-beside-server.json");
      const exported = await cli(["directory", "export", out, "--format", "json"]);
      // Before: "the database is in use by process … (…/archive.lock)", for a command that only reads.
      expect(exported.stderr).toBe("");
      expect(exported.stdout).toContain("exported 171 services");
      expect((await cli(["directory", "user", "list"])).stdout).toContain("root@example.org\tadmin");
    } finally {
      await server.close();
    }
  }, 120_000);
});
