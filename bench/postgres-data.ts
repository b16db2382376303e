/**
 * The data of `npm run bench -- postgres`, in one DATA_DIR as a deployment would hold it: the large
 * wait-time history (bench/waittimes.ts), 10,000 directory services (bench/directory.ts) and the
 * 100,000-page archive (bench/archive.ts). Each is built once by its own bench and reused; the
 * files are copied into the folder given (kept between runs by bench/postgres-cluster.ts), since a
 * server started on them migrates them.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { createStore } from "../server/db/store.js";
import { ensureLargeArchive, keptArchiveDir } from "./archive.js";
import { generateServices, prepareDataDir } from "./directory.js";
import { ensureLargeDataset } from "./waittimes.js";

export const ARCHIVE_PAGES = Number(process.env.ARCHIVE_BENCH_PAGES ?? 100_000);

function copyStore(from: string, to: string, name: string): void {
  for (const suffix of [".sqlite", ".journal"]) {
    const file = path.join(from, `${name}${suffix}`);
    if (existsSync(file)) copyFileSync(file, path.join(to, `${name}${suffix}`));
  }
}

/** `dataDir` (empty) filled with the three modules' databases; WARC files stay where the archive bench wrote them. */
export async function prepareDeployment(dataDir: string): Promise<{ notes: string[] }> {
  const waits = await ensureLargeDataset();
  copyStore(waits.dataDir, dataDir, "waittimes");
  const directoryDir = await prepareDataDir(generateServices(10_000));
  copyStore(directoryDir, dataDir, "directory");
  rmSync(directoryDir, { recursive: true, force: true });
  const archiveDir = path.resolve(
    process.env.ARCHIVE_BENCH_DB_DIR ?? keptArchiveDir("archive", ARCHIVE_PAGES),
  );
  await ensureLargeArchive(archiveDir, ARCHIVE_PAGES);
  copyStore(archiveDir, dataDir, "archive");
  await pointAtJobs(dataDir, path.join(archiveDir, "archive", "jobs"));
  return {
    notes: [`wait times: ${waits.note}`, "10,000 services", `${ARCHIVE_PAGES} archive pages`],
  };
}

/**
 * The generated archive may record its job folders under the folder it was first written to (an
 * absolute path, possibly gone since): the copy's rows are pointed at `<dataDir>/archive/jobs`, a
 * link to the real folder, so the server's revision 8 stores them relative to its WARC root and
 * the WARC records can be read.
 */
export async function pointAtJobs(dataDir: string, jobs: string): Promise<void> {
  mkdirSync(path.join(dataDir, "archive"), { recursive: true });
  symlinkSync(jobs, path.join(dataDir, "archive", "jobs"));
  const quiet = { info() {}, warn() {}, error() {} };
  const store = await createStore({ dataDir, name: "archive", logger: quiet });
  const root = path.join(dataDir, "archive");
  await store.write((tx) => {
    for (const [table, column] of [
      ["archive_jobs", "output_dir"],
      ["snapshots", "warc_path"],
    ])
      tx.run(
        `UPDATE ${table} SET ${column} = ? || substr(${column}, instr(${column}, '/jobs/')) WHERE ${column} LIKE '/%' AND instr(${column}, '/jobs/') > 0`,
        [root],
      );
  });
  await store.close();
}

/** A process and the ones it started (node:cluster workers), deepest last. */
export function processTree(pid: number): number[] {
  const list = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(list) ? readFileSync(list, "utf8").trim().split(/\s+/).filter(Boolean) : [];
  return [pid, ...children.flatMap((c) => processTree(Number(c)))];
}

/** The median of each figure over several runs. */
export function medianOf<T extends Record<string, number>>(runs: T[]): T {
  const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(Object.keys(runs[0]).map((k) => [k, mid(runs.map((r) => r[k]))])) as T;
}
