/**
 * The PostgreSQL cluster of `npm run bench -- postgres`. The prepared sql.js files (100,000 archive
 * pages take long to generate) and the cluster's data folder are kept between runs in PG_BENCH_DIR
 * (default `<tmp>/chc-bench-pg-<pages>`), but each run copies into a new, empty `bench` database:
 * the figures are those of a fresh copy, as a deployment has right after `copy-to-postgres`, never
 * of a cluster that earlier runs and autovacuum have since tidied. Everything is made again when
 * the folder is missing or holds another number of pages. The cluster itself is made and started
 * by tests/helpers/pg-cluster.ts, as the tests' are.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPgCluster, runPgTool } from "../tests/helpers/pg-cluster.js";

export interface BenchCluster {
  /** `postgres://…` of this run's `bench` database, new and empty. */
  url: string;
  /** The prepared sql.js DATA_DIR (the server migrates it in place when it starts). */
  dataDir: string;
  /** False when the folder was made in this run: the sql.js files still have to be prepared. */
  prepared: boolean;
  /** What the data holds, as recorded when it was prepared. */
  notes: string[];
  /** Records that the sql.js files are ready, with what they hold. */
  markPrepared(notes: string[]): void;
  stop(): void;
}

interface Marker {
  pages: number;
  notes: string[];
}

function readMarker(file: string): Marker | null {
  try {
    const marker = JSON.parse(readFileSync(file, "utf8")) as Partial<Marker>;
    return typeof marker.pages === "number" && Array.isArray(marker.notes) ? (marker as Marker) : null;
  } catch {
    return null;
  }
}

/** Drops the previous run's database and makes an empty one. */
async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

export async function openBenchCluster(pages: number): Promise<BenchCluster> {
  const dir = path.resolve(process.env.PG_BENCH_DIR ?? path.join(os.tmpdir(), `chc-bench-pg-${pages}`));
  const markerFile = path.join(dir, "prepared.json");
  const marker = readMarker(markerFile);
  const prepared = marker !== null && marker.pages === pages;
  const pgDir = path.join(dir, "pg");
  if (!prepared) {
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
  return {
    url: await freshDatabase(cluster.url, "bench"),
    dataDir: path.join(dir, "sqljs"),
    prepared,
    notes: prepared ? marker.notes : [],
    markPrepared(notes) {
      writeFileSync(markerFile, JSON.stringify({ pages, notes } satisfies Marker, null, 2));
    },
    stop: cluster.stop,
  };
}
