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

/** Copies the run's demo template into `dataDir`; false when this run has none. */
export function copyDemoTemplate(dataDir: string): boolean {
  let template: string | undefined;
  try {
    template = inject("demoTemplateDir");
  } catch {
    return false; // not inside a Vitest run with the global setup
  }
  if (!template) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}
