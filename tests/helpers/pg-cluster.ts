/**
 * A throwaway PostgreSQL cluster for tests, from Debian's `postgresql` package: `initdb` into a
 * temporary folder and `pg_ctl` on a free loopback port (no Docker, no mock). PostgreSQL refuses
 * to run as root, so under root (CI) the server runs as the package's `postgres` user.
 * `stop()` and `start()` let a test take the database away and bring it back on the same port.
 */
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

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

/** The command line that runs one of the server's tools, as the package's `postgres` user under root. */
function pgToolCommand(tool: string, args: string[]): [string, string[]] {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  return process.getuid?.() === 0
    ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]]
    : [path.join(bin, tool), args];
}

/** Runs one of the server's tools (initdb, pg_ctl), as the package's `postgres` user under root. */
export function runPgTool(tool: string, args: string[]): Buffer {
  const [command, commandArgs] = pgToolCommand(tool, args);
  return execFileSync(command, commandArgs, { stdio: ["ignore", "pipe", "pipe"] });
}

/** `runPgTool` without blocking the event loop (a global setup seeds other data meanwhile). */
async function runPgToolAsync(tool: string, args: string[]): Promise<void> {
  const [command, commandArgs] = pgToolCommand(tool, args);
  await promisify(execFile)(command, commandArgs);
}

/** Runs a client tool (createdb, dropdb) as the cluster's superuser over loopback TCP. */
export function runPgClient(url: string, tool: string, args: string[]): void {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  const { hostname, port, username } = new URL(url);
  execFileSync(path.join(bin, tool), ["-h", hostname, "-p", port, "-U", username, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * Starts the cluster kept in `dir` on a free loopback port, making it there first (initdb) when
 * `dir/data` does not exist yet. The folder stays: `startPgCluster` throws it away, the
 * benchmarks keep it between runs. `settings` are extra server settings (`name=value`).
 */
export async function openPgCluster(
  dir: string,
  settings: string[] = [],
): Promise<Omit<PgCluster, "destroy">> {
  const data = path.join(dir, "data");
  if (!existsSync(data)) {
    if (process.getuid?.() === 0) {
      const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString());
      chownSync(dir, id("-u"), id("-g"));
    }
    // No fsync while the cluster is being made: a crash then only means making it again.
    await runPgToolAsync("initdb", [
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
  const options = [
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200`,
    ...settings.map((setting) => `-c ${setting}`),
  ].join(" ");
  const startArgs = ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"];
  const stop = () => runPgTool("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  await runPgToolAsync("pg_ctl", startArgs);
  const url = `postgres://chc@127.0.0.1:${port}/postgres`;
  return {
    url,
    createDatabase(name) {
      runPgClient(url, "createdb", [name]);
      return url.replace(/\/postgres$/, `/${name}`);
    },
    stop: () => void stop(),
    start: () => void runPgTool("pg_ctl", startArgs),
  };
}

export async function startPgCluster(settings: string[] = []): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "chc-pg-"));
  const cluster = await openPgCluster(dir, settings);
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
