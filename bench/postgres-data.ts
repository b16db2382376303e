/**
 * The data of `npm run bench -- postgres`, in one DATA_DIR as a deployment would hold it: the large
 * wait-time history (bench/waittimes.ts), 10,000 directory services (bench/directory.ts) and the
 * 100,000-page archive (bench/archive.ts). Each is built once by its own bench and reused; the
 * files are copied into a fresh folder per run, since a server started on them migrates them.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureLargeArchive } from "./archive.js";
import { generateServices, prepareDataDir } from "./directory.js";
import { ensureLargeDataset } from "./waittimes.js";

export const ARCHIVE_PAGES = Number(process.env.ARCHIVE_BENCH_PAGES ?? 100_000);

function copyStore(from: string, to: string, name: string): void {
  for (const suffix of [".sqlite", ".journal"]) {
    const file = path.join(from, `${name}${suffix}`);
    if (existsSync(file)) copyFileSync(file, path.join(to, `${name}${suffix}`));
  }
}

/** A fresh folder holding the three modules' databases; WARC files stay where the archive bench wrote them. */
export async function prepareDeployment(): Promise<{ dataDir: string; notes: string[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-postgres-"));
  const waits = await ensureLargeDataset();
  copyStore(waits.dataDir, dataDir, "waittimes");
  const directoryDir = await prepareDataDir(generateServices(10_000));
  copyStore(directoryDir, dataDir, "directory");
  rmSync(directoryDir, { recursive: true, force: true });
  const archiveDir = path.resolve(
    process.env.ARCHIVE_BENCH_DB_DIR ?? path.join(os.tmpdir(), `chc-bench-archive-${ARCHIVE_PAGES}`),
  );
  await ensureLargeArchive(archiveDir, ARCHIVE_PAGES);
  copyStore(archiveDir, dataDir, "archive");
  return {
    dataDir,
    notes: [`wait times: ${waits.note}`, "10,000 services", `${ARCHIVE_PAGES} archive pages`],
  };
}

/** A process and the ones it started (node:cluster workers), deepest last. */
export function processTree(pid: number): number[] {
  const list = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(list) ? readFileSync(list, "utf8").trim().split(/\s+/).filter(Boolean) : [];
  return [pid, ...children.flatMap((c) => processTree(Number(c)))];
}
