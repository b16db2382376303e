// Runs once before any browser test file: builds the web app if its sources changed, so the test
// files (two at a time) never race to write the same dist/web; meanwhile seeds the demo data that
// demo servers copy and the directory with test accounts; then starts making the archive demo
// template in the background (see tests/helpers/demo-template.ts), and compiles the entries tests
// start as child processes (tests/helpers/server-bundle.ts).
import type { TestProject } from "vitest/node";
import {
  buildAccountsTemplate,
  buildDemoTemplate,
  removeArchiveDemoTemplate,
  removeDemoTemplate,
  startArchiveDemoTemplate,
} from "../../helpers/demo-template";
import { useTestHashCost } from "../../helpers/hash-cost";
import { buildServerBundles } from "../../helpers/server-bundle";
import { ensureWebBuiltInBackground } from "./build";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Before the accounts are hashed; the test workers and their child processes inherit it.
  useTestHashCost();
  const [dir, accounts, , removeBundles] = await Promise.all([
    buildDemoTemplate(),
    buildAccountsTemplate(),
    ensureWebBuiltInBackground(),
    buildServerBundles(),
  ]);
  const archiveDemo = startArchiveDemoTemplate(dir);
  project.provide("demoTemplateDir", dir);
  project.provide("archiveDemoTemplateDir", archiveDemo.dir);
  project.provide("accountsTemplateDir", accounts);
  return async () => {
    await removeArchiveDemoTemplate(archiveDemo);
    removeDemoTemplate(dir);
    removeDemoTemplate(accounts);
    removeBundles();
  };
}
