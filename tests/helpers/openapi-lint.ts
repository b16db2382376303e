/**
 * Runs the two OpenAPI linters integrators use, Redocly CLI (ruleset `recommended`, redocly.yaml)
 * and Spectral (`spectral:oas`, .spectral.yaml), as child processes on a document written to a
 * file, and returns what each found: rule and severity per problem.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

export interface LintProblem {
  rule: string;
  severity: "error" | "warning";
  where: string;
}

/** Both tools exit non-zero when they find errors: their JSON report is read either way. */
async function output(file: string, args: string[]): Promise<string> {
  try {
    return (await run(bin(file), args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    const stdout = (err as { stdout?: string }).stdout;
    if (stdout?.trim()) return stdout;
    throw err;
  }
}

export async function redoclyLint(documentFile: string): Promise<LintProblem[]> {
  const report = JSON.parse(
    await output("redocly", ["lint", "--config", "redocly.yaml", "--format", "json", documentFile]),
  ) as { problems: { ruleId: string; severity: string; location: { pointer: string }[] }[] };
  return report.problems.map((p) => ({
    rule: p.ruleId,
    severity: p.severity === "error" ? "error" : "warning",
    where: p.location[0]?.pointer ?? "",
  }));
}

export async function spectralLint(documentFile: string): Promise<LintProblem[]> {
  const report = JSON.parse(
    await output("spectral", ["lint", "--ruleset", ".spectral.yaml", "--format", "json", documentFile]),
  ) as { code: string; severity: number; path: string[] }[];
  // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
  return report
    .filter((p) => p.severity <= 1)
    .map((p) => ({
      rule: p.code,
      severity: p.severity === 0 ? "error" : "warning",
      where: p.path.join("."),
    }));
}
