// Runs once before the unit, API and integration files: seeds the demo data that test servers
// started with `demo: true` copy, and the directory with test accounts (see demo-template.ts), and
// names the folder of the one PostgreSQL cluster the files make their databases on (pg-shared.ts).
import type { TestProject } from "vitest/node";
import { buildAccountsTemplate, buildDemoTemplate, removeDemoTemplate } from "./demo-template";
import { prepareSharedPgCluster } from "./pg-shared";

export default async function setup(project: TestProject): Promise<() => void> {
  const [dir, accounts] = await Promise.all([buildDemoTemplate(), buildAccountsTemplate()]);
  const pgCluster = prepareSharedPgCluster();
  project.provide("demoTemplateDir", dir);
  project.provide("accountsTemplateDir", accounts);
  project.provide("sharedPgClusterDir", pgCluster.dir);
  return () => {
    pgCluster.destroy();
    removeDemoTemplate(dir);
    removeDemoTemplate(accounts);
  };
}
