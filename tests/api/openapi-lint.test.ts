/**
 * Issue #28: the served OpenAPI document passes the linters an integrator runs on it, Redocly CLI
 * (`recommended`) and Spectral (`spectral:oas`), with no error; the only warnings are the two
 * each config file explains (no licence or contact published yet; the 405 answer that no
 * operation can refer to). A new warning fails too, so it gets fixed or explained.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type LintProblem, redoclyLint, spectralLint } from "../helpers/openapi-lint.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
let folder: string;
let documentFile: string;
beforeAll(async () => {
  server = await startTestServer();
  folder = mkdtempSync(path.join(os.tmpdir(), "chc-openapi-lint-"));
  documentFile = path.join(folder, "openapi.json");
  writeFileSync(documentFile, await (await fetch(`${server.baseUrl}/api/openapi.json`)).text());
});
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

const summary = (problems: LintProblem[]) => problems.map((p) => `${p.severity} ${p.rule} ${p.where}`).sort();

it("Redocly CLI (recommended): no error, only the explained warnings", async () => {
  const problems = await redoclyLint(documentFile);
  expect(summary(problems)).toEqual([
    "warning info-license #/info",
    "warning no-unused-components #/components/responses/MethodNotAllowed",
  ]);
}, 120_000);

it("Spectral (spectral:oas): no error, only the explained warnings", async () => {
  const problems = await spectralLint(documentFile);
  expect(summary(problems)).toEqual([
    "warning info-contact info",
    "warning oas3-unused-component components.responses.MethodNotAllowed",
  ]);
}, 120_000);
