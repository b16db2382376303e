// Runs once before the unit, API and integration files: seeds the demo data that test servers
// started with `demo: true` copy, and the directory with test accounts (see demo-template.ts).
import type { TestProject } from "vitest/node";
import { buildAccountsTemplate, buildDemoTemplate, removeDemoTemplate } from "./demo-template";

export default async function setup(project: TestProject): Promise<() => void> {
  const [dir, accounts] = await Promise.all([buildDemoTemplate(), buildAccountsTemplate()]);
  project.provide("demoTemplateDir", dir);
  project.provide("accountsTemplateDir", accounts);
  return () => {
    removeDemoTemplate(dir);
    removeDemoTemplate(accounts);
  };
}
