/**
 * GET /api/health at 64 connections for 10 s against the real server (child process, all
 * modules, empty DATA_DIR), side by side with a bare node:http server answering the same JSON.
 * Targets: throughput ≥ 0.8× bare, p99 ≤ 1.5× bare's. Load by wrk when installed (lib.ts, loadGet).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type BenchRow,
  GET_CLIENT,
  loadGet,
  printTable,
  startChild,
  startServerChild,
  stopChild,
} from "./lib.js";

export async function benchHealth(durationSeconds = 10): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-health-"));
  const rows: BenchRow[] = [];
  try {
    const bare = await startChild(["bench/bare-health.mjs"], {}, /listening on/);
    const bareUrl = bare.line.match(/http:\/\/\S+/)![0];
    const ours = await startServerChild(dataDir);
    const ourUrl = ours.url;
    // Warm both up, then measure alternately so machine noise hits both alike.
    await loadGet({ url: `${bareUrl}/api/health`, connections: 16, durationSeconds: 2 });
    await loadGet({ url: `${ourUrl}/api/health`, connections: 16, durationSeconds: 2 });
    const b = await loadGet({ url: `${bareUrl}/api/health`, connections: 64, durationSeconds });
    const o = await loadGet({ url: `${ourUrl}/api/health`, connections: 64, durationSeconds });
    await stopChild(ours.child);
    await stopChild(bare.child);
    rows.push({ name: "bare node:http /api/health", connections: 64, ...b });
    rows.push({
      name: "our server GET /api/health",
      connections: 64,
      ...o,
      extra: `throughput ${(o.rps / b.rps).toFixed(2)}× bare (target ≥ 0.8); p99 ${(o.p99 / b.p99).toFixed(2)}× bare (target ≤ 1.5)`,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable(`health vs bare node:http; load by ${GET_CLIENT}`, await benchHealth());
}
