/**
 * The PostgreSQL cluster of `npm run bench -- postgres`, kept between runs: copying 100,000 archive
 * pages into a new cluster takes minutes, so the cluster's data folder and the prepared sql.js
 * files live in PG_BENCH_DIR (default `<tmp>/chc-bench-pg-<pages>`) and a later run only starts the
 * cluster and measures. Everything is made again when the folder is missing or holds another
 * number of pages; revisions newer than the kept cluster's are applied to it in place.
 * The cluster itself is made and started by tests/helpers/pg-cluster.ts, as the tests' are.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pgUpgrade } from "../server/db/pg/migrations.js";
import { adminPool } from "../server/db/pg/open.js";
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
  /** When and at which commit the copy was measured (absent in folders kept from before it was recorded). */
  measuredAt?: string;
  commit?: string;
}

/** The commit the working tree is at, for saying which code a kept figure was measured with. */
export function currentCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/**
 * The copy rows of a kept cluster, marked as such: they were measured by the run that made it, so
 * each says when and at which commit, and never reads as a figure of this run.
 */
export function keptCopyRows(saved: SavedRows): BenchRow[] {
  const when = saved.measuredAt
    ? `measured ${saved.measuredAt.slice(0, 10)} at commit ${saved.commit ?? "unknown"}`
    : "measured by an earlier run (date and commit not recorded)";
  return saved.copy.map((row) => ({
    ...row,
    name: `${row.name} (kept)`,
    extra: `${row.extra ?? ""}; kept from the run that made the cluster, ${when}, not measured in this run`,
  }));
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

/** Whether the kept folder holds the same data (its revisions are brought up to date in place). */
function usable(marker: Marker | null, pages: number): marker is Marker {
  return marker !== null && marker.pages === pages;
}

/**
 * Applies the revisions the kept cluster lacks, as a deployment's server does when it starts on
 * newer code, and notes how long each module's took (a revision building a search structure over
 * 100,000 pages is itself a figure worth knowing).
 */
async function upgradeKept(url: string, marker: Marker): Promise<string[]> {
  const notes: string[] = [];
  for (const m of allModules) {
    const pool = adminPool(url, m.name);
    try {
      const t0 = performance.now();
      const applied = await pgUpgrade(pool, m.name, m.pgMigrations ?? []);
      if (applied.length)
        notes.push(
          `${m.name} revision(s) ${applied.join(", ")} applied to the kept cluster in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
        );
    } finally {
      await pool.end();
    }
  }
  marker.revisions = codeRevisions();
  marker.saved.notes.push(...notes);
  return notes;
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
  if (reused && (await upgradeKept(url, marker)).length)
    writeFileSync(markerFile, JSON.stringify(marker, null, 2));
  return {
    url,
    dataDir: path.join(dir, "sqljs"),
    reused,
    saved: reused ? marker.saved : { notes: [], copy: [] },
    markReady(saved) {
      const stamped = { ...saved, measuredAt: new Date().toISOString(), commit: currentCommit() };
      const ready: Marker = { pages, revisions: codeRevisions(), saved: stamped };
      writeFileSync(markerFile, JSON.stringify(ready, null, 2));
    },
    stop: cluster.stop,
  };
}
