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

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "chc-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? "runuser" : path.join(bin, tool),
      asRoot ? ["-u", "postgres", "--", path.join(bin, tool), ...args] : args,
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
  const data = path.join(dir, "data");
  const port = await freePort();
  // No fsync while the cluster is being made: it is thrown away with the test.
  run("initdb", ["-D", data, "-U", "chc", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const urlFor = (db: string) => `postgres://chc@127.0.0.1:${port}/${db}`;
  return {
    url: urlFor("postgres"),
    createDatabase(name) {
      execFileSync(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "chc", name]);
      return urlFor(name);
    },
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
