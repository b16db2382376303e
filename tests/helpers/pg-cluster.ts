/**
 * A throwaway PostgreSQL cluster for tests, from Debian's `postgresql` package: `initdb` into a
 * temporary folder and `pg_ctl` on a free loopback port (no Docker, no mock). PostgreSQL refuses
 * to run as root, so under root (CI) the server runs as the package's `postgres` user.
 * `stop()` and `start()` let a test take the database away and bring it back on the same port.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PgCluster {
  /** `postgres://…` for the `postgres` database of a superuser. */
  url: string;
  /** A new, empty database; returns its URL. */
  createDatabase(name: string): string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** The newest installed server's bin folder, or null when the package is not installed. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], "bin") : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs one of the server's tools (initdb, pg_ctl), as the package's `postgres` user under root. */
export function runPgTool(tool: string, args: string[]): Buffer {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  const asRoot = process.getuid?.() === 0;
  return execFileSync(
    asRoot ? "runuser" : path.join(bin, tool),
    asRoot ? ["-u", "postgres", "--", path.join(bin, tool), ...args] : args,
    { stdio: ["ignore", "pipe", "pipe"] },
  );
}

/**
 * Starts the cluster kept in `dir` on a free loopback port, making it there first (initdb) when
 * `dir/data` does not exist yet. The folder stays: `startPgCluster` throws it away, the
 * benchmarks keep it between runs.
 */
export async function openPgCluster(dir: string): Promise<Omit<PgCluster, "destroy">> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  const data = path.join(dir, "data");
  if (!existsSync(data)) {
    if (process.getuid?.() === 0) {
      const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString());
      chownSync(dir, id("-u"), id("-g"));
    }
    // No fsync while the cluster is being made: a crash then only means making it again.
    runPgTool("initdb", [
      "-D",
      data,
      "-U",
      "chc",
      "--auth=trust",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
      "--no-sync",
    ]);
  }
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200`;
  const start = () =>
    runPgTool("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const stop = () => runPgTool("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const urlFor = (db: string) => `postgres://chc@127.0.0.1:${port}/${db}`;
  return {
    url: urlFor("postgres"),
    createDatabase(name) {
      execFileSync(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "chc", name]);
      return urlFor(name);
    },
    stop: () => void stop(),
    start: () => void start(),
  };
}

export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "chc-pg-"));
  const cluster = await openPgCluster(dir);
  return {
    ...cluster,
    destroy() {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
