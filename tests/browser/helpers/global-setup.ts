// Runs once before any browser test file: builds the web app if its sources changed, so the test
// files (two at a time) never race to write the same dist/web, and seeds the demo data that demo
// servers copy and the directory with test accounts (see tests/helpers/demo-template.ts).
import type { TestProject } from "vitest/node";
import { buildAccountsTemplate, buildDemoTemplate, removeDemoTemplate } from "../../helpers/demo-template";
import { ensureWebBuilt } from "./build";

export default async function setup(project: TestProject): Promise<() => void> {
  ensureWebBuilt();
  const [dir, accounts] = await Promise.all([buildDemoTemplate(), buildAccountsTemplate()]);
  project.provide("demoTemplateDir", dir);
  project.provide("accountsTemplateDir", accounts);
  return () => {
    removeDemoTemplate(dir);
    removeDemoTemplate(accounts);
  };
}
