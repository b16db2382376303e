// Runs once before the unit, API and integration files: seeds the demo data that test servers
// started with `demo: true` copy (see demo-template.ts).
import type { TestProject } from "vitest/node";
import { buildDemoTemplate, removeDemoTemplate } from "./demo-template";

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = await buildDemoTemplate();
  project.provide("demoTemplateDir", dir);
  return () => removeDemoTemplate(dir);
}
