/**
 * The unit run's one PostgreSQL cluster, shared by every test file: a file gets its own databases
 * on it (uniquely named, dropped by `destroy()`) instead of an initdb and a server start of its own,
 * which cost seconds per file. The run's global setup (tests/helpers/global-setup.ts) only names a
 * folder for it; the first file that needs PostgreSQL starts it there, so a run without such a
 * file never pays for it, and the setup's teardown stops it.
 * A file that stops and starts PostgreSQL asks for its own cluster (`own: true`); so does any file
 * run outside a Vitest run that prepared the folder.
 */
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";
import { openPgCluster, type PgCluster, runPgClient, runPgTool, startPgCluster } from "./pg-cluster.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder the run's shared cluster is started in by the first file that needs it. */
    sharedPgClusterDir: string;
  }
}

/**
 * Settings for a cluster nothing ever crashes, only throws away: no waiting on the disk for commits
 * and checkpoints, which are most of a database test's time when the machine's disk is busy.
 * Enough connections for four files at a time, each with its app processes' pools.
 */
const THROWAWAY_SETTINGS = [
  "fsync=off",
  "synchronous_commit=off",
  "full_page_writes=off",
  "max_connections=400",
];

/** For the global setup: the shared cluster's folder, and the teardown that stops it if it started. */
export function prepareSharedPgCluster(): { dir: string; destroy(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "chc-pg-shared-"));
  chmodSync(dir, 0o755); // under root the server runs as `postgres`, which must reach its folder in here
  return {
    dir,
    destroy() {
      if (existsSync(path.join(dir, "cluster", "data", "postmaster.pid"))) {
        try {
          runPgTool("pg_ctl", ["-D", path.join(dir, "cluster", "data"), "-m", "fast", "-w", "stop"]);
        } catch {
          // already stopped
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let sharedUrl: Promise<string> | undefined;

/**
 * The shared cluster's superuser URL: this process starts it when it is the first to ask (mkdir is
 * the lock across the run's worker processes), the others wait for the URL it writes.
 */
function sharedClusterUrl(dir: string): Promise<string> {
  sharedUrl ??= (async () => {
    const urlFile = path.join(dir, "url");
    const failedFile = path.join(dir, "failed");
    try {
      mkdirSync(path.join(dir, "cluster"));
    } catch {
      for (;;) {
        if (existsSync(urlFile)) return readFileSync(urlFile, "utf8");
        if (existsSync(failedFile)) throw new Error(`shared cluster: ${readFileSync(failedFile, "utf8")}`);
        await sleep(100);
      }
    }
    try {
      const { url } = await openPgCluster(path.join(dir, "cluster"), THROWAWAY_SETTINGS);
      writeFileSync(`${urlFile}.tmp`, url);
      renameSync(`${urlFile}.tmp`, urlFile); // whole or absent for the processes waiting on it
      return url;
    } catch (err) {
      writeFileSync(failedFile, String(err));
      throw err;
    }
  })();
  return sharedUrl;
}

function sharedDir(): string | undefined {
  try {
    return inject("sharedPgClusterDir") || undefined;
  } catch {
    return undefined; // not inside a Vitest test file (a global setup, a bench)
  }
}

/**
 * A cluster for one test file: its databases on the run's shared cluster, or, with `own` (a file
 * that stops the server) or outside such a run, a throwaway cluster of its own.
 */
export async function testPgCluster(options: { own?: boolean } = {}): Promise<PgCluster> {
  const dir = options.own ? undefined : sharedDir();
  return dir ? databasesOn(await sharedClusterUrl(dir)) : startPgCluster();
}

function databasesOn(url: string): PgCluster {
  // Files run side by side on the one cluster: a suffix of this file's own keeps their names apart.
  const suffix = randomBytes(4).toString("hex");
  const created: string[] = [];
  const refuse = () => {
    throw new Error(
      "the run's shared PostgreSQL cluster cannot be stopped: ask for testPgCluster({ own: true })",
    );
  };
  return {
    url,
    createDatabase(name) {
      const unique = `${name}_${suffix}`;
      runPgClient(url, "createdb", [unique]);
      created.push(unique);
      return url.replace(/\/postgres$/, `/${unique}`);
    },
    stop: refuse,
    start: refuse,
    destroy() {
      // --force ends connections a file left open (an app process killed mid-test).
      for (const name of created.splice(0)) runPgClient(url, "dropdb", ["--force", "--if-exists", name]);
    },
  };
}
