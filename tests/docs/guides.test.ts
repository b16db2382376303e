/**
 * Every shell block of README.md and docs/*.md is run, so the commands the guides give stay true:
 * CLI commands against a fresh copy of the demo data (the README's through npx itself, the
 * guides' through the run's compiled CLI), `curl` against a real server with the demo
 * data on a loopback port (each call must get a 2xx), and the `sh server` block (`npm start`)
 * started, checked for its health and its demo services, and stopped. Only blocks marked
 * `norun: <reason>` are left out (see tests/helpers/docs/shell-blocks.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockFolder, pointedAt, runBlock, runServerBlock } from "../helpers/docs/run-block.js";
import { shellBlocksOfGuides } from "../helpers/docs/shell-blocks.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const root = path.resolve(import.meta.dirname, "../..");
const blocks = shellBlocksOfGuides(root);
const GUIDES = [
  "docs/operating.md",
  "docs/integrators.md",
  "docs/archive.md",
  "docs/directory.md",
  "docs/offline-app.md",
  "docs/kiosk-setup.md",
];
const README_MAX_LINES = 150;
// Generous: the machine is shared, and `npm start` builds the web app first when it is stale.
const BLOCK_TIMEOUT_MS = 120_000;
const SERVER_TIMEOUT_MS = 240_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
});
afterAll(async () => {
  await server?.close();
});

describe("the guides", () => {
  it("keep the README a front door and give every left-out block its reason", () => {
    const readmeLines = readFileSync(path.join(root, "README.md"), "utf8").trimEnd().split("\n").length;
    expect(readmeLines).toBeLessThan(README_MAX_LINES);
    for (const guide of GUIDES)
      expect(readFileSync(path.join(root, guide), "utf8").length).toBeGreaterThan(0);
    const unexplained = blocks.filter((b) => b.mode === "norun" && b.reason.length < 10);
    expect(unexplained.map((b) => `${b.file}:${b.line}`)).toEqual([]);
    // The set-up command is started and checked, not left out.
    expect(blocks.filter((b) => b.file === "README.md" && b.mode === "server")).toHaveLength(1);
  });
});

describe.concurrent("every shell block of the guides runs", () => {
  for (const block of blocks.filter((b) => b.mode === "run")) {
    it(`${block.file}:${block.line}`, { timeout: BLOCK_TIMEOUT_MS + 10_000 }, async () => {
      // The README's `npx chc` goes through npx and bin/chc.mjs, as on a fresh clone; the guides'
      // commands run the same sources compiled (run-block.ts says why).
      const folder = blockFolder(block.file === "README.md" ? { CHC_DOCS_CLI: "" } : {});
      try {
        const run = await runBlock(
          pointedAt(block.script, server.baseUrl),
          root,
          folder.env,
          BLOCK_TIMEOUT_MS,
        );
        const shown = `${block.script}\n--- stdout\n${run.stdout.slice(-2000)}\n--- stderr\n${run.stderr.slice(-2000)}`;
        expect(run.code, shown).toBe(0);
        expect(run.curlStatuses.length, shown).toBeGreaterThanOrEqual(run.curlCalls);
        for (const status of run.curlStatuses) {
          expect(status, shown).toBeGreaterThanOrEqual(200);
          expect(status, shown).toBeLessThan(300);
        }
      } finally {
        folder.remove();
      }
    });
  }

  for (const block of blocks.filter((b) => b.mode === "server")) {
    it(`${block.file}:${block.line} (started, checked, stopped)`, {
      timeout: SERVER_TIMEOUT_MS + 30_000,
    }, async () => {
      const folder = blockFolder();
      try {
        const run = await runServerBlock(block.script, root, folder.env, SERVER_TIMEOUT_MS);
        expect(run.healthStatus, run.output).toBe(200);
        expect(run.services, run.output).toBeGreaterThan(0);
      } finally {
        folder.remove();
      }
    });
  }
});
