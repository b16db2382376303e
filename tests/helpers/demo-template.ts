/**
 * Demo data seeded once per test run and copied into each test server that asks for it. Seeding
 * (a year of wait-time history above all) takes seconds of CPU, and about thirty test files start
 * a demo server; a copy of the seeded folder starts the same way a restarted deployment does.
 * The archive's demo crawls are not in the template: its snapshots record their WARC files by
 * absolute path, so the tests that read captures (`archiveDemo`) still crawl into their own folder.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    demoTemplateDir: string;
    /** The directory seed with the test accounts (tests/directory/accounts-helpers.ts). */
    accountsTemplateDir: string;
  }
}

/** Seeds the demo data into a new folder (run by the global setups) and returns it. */
export async function buildDemoTemplate(): Promise<string> {
  const { startTestServer } = await import("./server.js");
  const dir = mkdtempSync(path.join(os.tmpdir(), "chc-demo-template-"));
  const server = await startTestServer({ demo: true, dataDir: dir });
  await server.close();
  return dir;
}

export function removeDemoTemplate(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Seeds the directory with the test accounts into a new folder (run by the global setups). */
export async function buildAccountsTemplate(): Promise<string> {
  const { prepareDirectoryData } = await import("./directory/accounts.js");
  return prepareDirectoryData();
}

/** The folder a global setup prepared under `key`, or undefined outside a run that has one. */
export function templateDir(key: "demoTemplateDir" | "accountsTemplateDir"): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined; // not inside a Vitest test file (a global setup, a bench)
  }
}

/** Copies the run's demo template into `dataDir`; false when this run has none. */
export function copyDemoTemplate(dataDir: string): boolean {
  const template = templateDir("demoTemplateDir");
  if (!template) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}
