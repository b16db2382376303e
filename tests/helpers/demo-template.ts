/**
 * Demo data seeded once per test run and copied into each test server that asks for it. Seeding
 * (a year of wait-time history above all) takes seconds of CPU, and about thirty test files start
 * a demo server; a copy of the seeded folder starts the same way a restarted deployment does.
 * The archive's demo crawls (two crawls of the bundled site and their indexing, seconds of CPU)
 * have a template of their own, made once per run in the background while the first files run:
 * WARC paths are stored relative to the data folder, so a copy replays its own WARC files, and a
 * server started on it finds the demo complete, as a restarted deployment does.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    demoTemplateDir: string;
    /** The demo data with the archive's demo crawls done; it appears once made (see below). */
    archiveDemoTemplateDir: string;
    /** The directory seed with the test accounts (tests/directory/accounts-helpers.ts). */
    accountsTemplateDir: string;
  }
}

type TemplateKey = "demoTemplateDir" | "archiveDemoTemplateDir" | "accountsTemplateDir";

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

/** Written beside the archive demo template's folder when making it failed: the error. */
const failedMarker = (dir: string) => `${dir}.failed`;

/**
 * Starts making the archive demo template from the demo template (run by the global setups) and
 * returns at once: the folder it names appears, whole, when the crawls are done (made beside it,
 * then renamed), so the files that do not need it start without waiting. `made` settles then.
 */
export function startArchiveDemoTemplate(demoTemplate: string): { dir: string; made: Promise<void> } {
  const parent = mkdtempSync(path.join(os.tmpdir(), "chc-archive-demo-template-"));
  const dir = path.join(parent, "data");
  const made = (async () => {
    const staging = path.join(parent, "staging");
    cpSync(demoTemplate, staging, { recursive: true });
    const [{ startTestServer }, { createArchiveModule }, { fetchHealthDetails }] = await Promise.all([
      import("./server.js"),
      import("../../server/archive/index.js"),
      import("./admin-token.js"),
    ]);
    const archive = createArchiveModule();
    const server = await startTestServer({
      modules: [archive],
      demo: true,
      archiveDemo: true,
      dataDir: staging,
    });
    try {
      await archive.demoReady();
      const health = (await (await fetchHealthDetails(server.baseUrl)).json()) as {
        archive?: { demo?: { state?: string; error?: string } };
      };
      const demo = health.archive?.demo;
      if (demo?.state !== "ready") throw new Error(`archive demo crawl ended ${demo?.state}: ${demo?.error}`);
    } finally {
      await server.close();
    }
    renameSync(staging, dir);
  })().catch((err: unknown) => {
    writeFileSync(failedMarker(dir), String((err as Error)?.stack ?? err));
  });
  return { dir, made };
}

/** Removes the archive demo template once it is no longer being made. */
export async function removeArchiveDemoTemplate(template: {
  dir: string;
  made: Promise<void>;
}): Promise<void> {
  await template.made;
  rmSync(path.dirname(template.dir), { recursive: true, force: true });
}

/** Seeds the directory with the test accounts into a new folder (run by the global setups). */
export async function buildAccountsTemplate(): Promise<string> {
  const { prepareDirectoryData } = await import("./directory/accounts.js");
  return prepareDirectoryData();
}

/** The folder a global setup prepared under `key`, or undefined outside a run that has one. */
export function templateDir(key: TemplateKey): string | undefined {
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

/**
 * Copies the run's archive demo template into `dataDir`, once it is made (the crawls take seconds
 * and a busy machine can stretch them to a minute); false when this run has none.
 */
export async function copyArchiveDemoTemplate(dataDir: string, timeoutMs = 300_000): Promise<boolean> {
  const template = templateDir("archiveDemoTemplateDir");
  if (!template) return false;
  for (const end = Date.now() + timeoutMs; !existsSync(template); await sleep(100)) {
    if (existsSync(failedMarker(template)))
      throw new Error(`the archive demo template failed: ${readFileSync(failedMarker(template), "utf8")}`);
    if (Date.now() > end) throw new Error(`the archive demo template was not made in ${timeoutMs / 1000} s`);
  }
  cpSync(template, dataDir, { recursive: true });
  return true;
}
