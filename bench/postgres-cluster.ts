/**
 * The PostgreSQL cluster of `npm run bench -- postgres`, kept between runs: copying 100,000 archive
 * pages into a new cluster takes minutes, so the cluster's data folder and the prepared sql.js
 * files live in PG_BENCH_DIR (default `<tmp>/chc-bench-pg-<pages>`) and a later run only starts the
 * cluster and measures. Everything is made again when the folder is missing, holds another number
 * of pages, or any module's recorded PostgreSQL revision is older than the code's.
 * The cluster itself is made and started by tests/helpers/pg-cluster.ts, as the tests' are.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { allModules } from "../server/modules.js";
import { openPgCluster, runPgTool } from "../tests/helpers/pg-cluster.js";
import type { BenchRow } from "./lib.js";

export interface BenchCluster {
  /** `postgres://…` of the `bench` database. */
  url: string;
  /** The prepared sql.js DATA_DIR (the server migrates it in place when it starts). */
  dataDir: string;
  /** False when the folder was made in this run: the data still has to be copied in. */
  reused: boolean;
  /** Records that the copy finished, with each module's PostgreSQL revision and what the run measured of it. */
  markReady(saved: SavedRows): void;
  /** What the run that made the folder measured of it (data notes, copy times). */
  saved: SavedRows;
  stop(): void;
}

export interface SavedRows {
  notes: string[];
  copy: BenchRow[];
}

interface Marker {
  pages: number;
  revisions: Record<string, number>;
  saved: SavedRows;
}

/** The newest PostgreSQL revision of each module, as the code knows them. */
export function codeRevisions(): Record<string, number> {
  return Object.fromEntries(
    allModules.map((m) => [m.name, Math.max(0, ...(m.pgMigrations ?? []).map((x) => x.version))]),
  );
}

function readMarker(file: string): Marker | null {
  try {
    // JSON writes the NaN of a figure not measured as null; the table prints NaN as empty.
    return JSON.parse(readFileSync(file, "utf8"), (_key, value) =>
      value === null ? Number.NaN : value,
    ) as Marker;
  } catch {
    return null;
  }
}

/** Whether the kept folder can be measured as it is. */
function usable(marker: Marker | null, pages: number): marker is Marker {
  if (!marker || marker.pages !== pages) return false;
  const code = codeRevisions();
  return Object.entries(code).every(([name, version]) => (marker.revisions[name] ?? -1) >= version);
}

export async function openBenchCluster(pages: number): Promise<BenchCluster> {
  const dir = path.resolve(process.env.PG_BENCH_DIR ?? path.join(os.tmpdir(), `chc-bench-pg-${pages}`));
  const markerFile = path.join(dir, "ready.json");
  const marker = readMarker(markerFile);
  const reused = usable(marker, pages);
  const pgDir = path.join(dir, "pg");
  if (!reused) {
    if (existsSync(path.join(pgDir, "data"))) {
      try {
        runPgTool("pg_ctl", ["-D", path.join(pgDir, "data"), "-m", "fast", "-w", "stop"]);
      } catch {
        // not running
      }
    }
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.join(dir, "sqljs"), { recursive: true });
    mkdirSync(pgDir);
  }
  const cluster = await openPgCluster(pgDir);
  const url = reused ? cluster.url.replace(/\/postgres$/, "/bench") : cluster.createDatabase("bench");
  return {
    url,
    dataDir: path.join(dir, "sqljs"),
    reused,
    saved: reused ? marker.saved : { notes: [], copy: [] },
    markReady(saved) {
      const ready: Marker = { pages, revisions: codeRevisions(), saved };
      writeFileSync(markerFile, JSON.stringify(ready, null, 2));
    },
    stop: cluster.stop,
  };
}
