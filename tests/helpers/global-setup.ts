// Runs once before the unit, API and integration files: seeds the demo data that test servers
// started with `demo: true` copy, and the directory with test accounts (see demo-template.ts),
// starts making the archive demo template in the background, and names the folder of the one
// PostgreSQL cluster the files make their databases on (pg-shared.ts); compiles the entries tests
// start as child processes (server-bundle.ts).
import type { TestProject } from "vitest/node";
import {
  buildAccountsTemplate,
  buildDemoTemplate,
  removeArchiveDemoTemplate,
  removeDemoTemplate,
  startArchiveDemoTemplate,
} from "./demo-template";
import { useTestHashCost } from "./hash-cost";
import { prepareSharedPgCluster } from "./pg-shared";
import { buildServerBundles } from "./server-bundle";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Before the accounts are hashed; the test workers and their child processes inherit it.
  useTestHashCost();
  const [dir, accounts, removeBundles] = await Promise.all([
    buildDemoTemplate(),
    buildAccountsTemplate(),
    buildServerBundles(),
  ]);
  const archiveDemo = startArchiveDemoTemplate(dir);
  const pgCluster = prepareSharedPgCluster();
  project.provide("demoTemplateDir", dir);
  project.provide("archiveDemoTemplateDir", archiveDemo.dir);
  project.provide("accountsTemplateDir", accounts);
  project.provide("sharedPgClusterDir", pgCluster.dir);
  return async () => {
    pgCluster.destroy();
    await removeArchiveDemoTemplate(archiveDemo);
    removeDemoTemplate(dir);
    removeDemoTemplate(accounts);
    removeBundles();
  };
}
