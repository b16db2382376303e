/**
 * The coverage reports of an edition, rewritten on every refresh beside its ledger:
 * `coverage.json` (the public-safe summary, backend mix and every shard) and `coverage.md` (the
 * same for people).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface CoverageSummary {
  year: number;
  source: string;
  status: string;
  searchReady: boolean;
  researchReady: boolean;
  intended: number;
  captured: number;
  failed: number;
  excluded: number;
  /** Captured share of the intended URLs, in percent with one decimal. */
  coverage: number;
  shards: Record<string, number>;
}

export interface ShardReportRow {
  jobId: number;
  shardKey: string | null;
  shardKind: string | null;
  state: string;
  reason: string | null;
}

export function writeCoverageReports(
  dir: string,
  summary: CoverageSummary,
  backends: Record<string, number>,
  shards: ShardReportRow[],
  now: string,
): { json: string; md: string } {
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, "coverage.json");
  const md = path.join(dir, "coverage.md");
  writeFileSync(
    json,
    `${JSON.stringify({ ...summary, backends, shardStates: shards, generatedAt: now }, null, 2)}\n`,
  );
  const cell = (s: string | null) => (s ?? "").replace(/\|/g, "\\|");
  writeFileSync(
    md,
    `# Coverage: ${summary.source} ${summary.year}

| measure | value |
|---|---|
| shard jobs | ${shards.length} |
| intended URLs | ${summary.intended} |
| captured URLs | ${summary.captured} |
| failed URLs | ${summary.failed} |
| excluded URLs | ${summary.excluded} |
| coverage | ${summary.coverage}% |
| status | ${summary.status} |

## Shards

| job | shard | state | why |
|---|---|---|---|
${shards.map((s) => `| ${s.jobId} | ${cell(s.shardKey)} | ${s.state} | ${cell(s.reason)} |`).join("\n")}

Generated ${now}.
`,
  );
  return { json, md };
}
