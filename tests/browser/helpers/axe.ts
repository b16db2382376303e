// Runs axe-core inside the page. The app's CSP (script-src 'self') rightly blocks an inline
// <script> such as page.addScriptTag({content}) would add, so the source is evaluated through the
// DevTools protocol instead, which CSP does not govern; the page itself keeps its real policy.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}

export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at runtime
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      ...v,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
}

/** Violations of the given axe rules only, whatever their impact (landmark-unique is "moderate"). */
export async function ruleViolations(
  page: Page,
  rules: string[],
): Promise<Array<{ id: string; targets: unknown[] }>> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (ids) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at runtime
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "rule", values: ids },
      resultTypes: ["violations"],
    });
    return (result.violations as AxeViolation[]).map((v) => ({
      id: v.id,
      targets: v.nodes.map((n) => n.target),
    }));
  }, rules);
}
