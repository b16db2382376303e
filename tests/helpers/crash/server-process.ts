/**
 * The real server as a child process for the crash tests (`chc serve` over a given DATA_DIR), and
 * SIGKILL. Started with no demo data and no scheduler; `env` adds or overrides variables.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const children = new Set<ChildProcess>();

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  /** Everything the process wrote so far (JSON log lines). */
  output: () => string;
}

export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", "serve"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      REPLAY_PORT: "0",
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      SCHEDULER: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(proc);
  proc.once("exit", () => children.delete(proc));
  let out = "";
  proc.stderr?.on("data", (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    proc.stdout?.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.includes('"listening"'));
      if (line) resolve({ proc, url: JSON.parse(line).url, output: () => out });
    });
    proc.once("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
}

export function killed(proc: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once("exit", () => resolve());
    proc.kill("SIGKILL");
  });
}

/** For afterAll: no server outlives the test file. */
export function killAllServers(): void {
  for (const c of children) c.kill("SIGKILL");
}

/** A service of the seed as an input body for POST/PUT (the fields the server sets removed). */
export async function serviceInput(url: string, id: string): Promise<Record<string, unknown>> {
  const { data } = await (await fetch(`${url}/api/v1/services/${id}`)).json();
  const {
    id: _i,
    organizationId: _o,
    organizationName: _n,
    version: _v,
    updatedAt: _u,
    provenance: _p,
    ...input
  } = data;
  return input;
}
