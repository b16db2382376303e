/**
 * The real server as a child process for the crash tests (`chc serve` over a given DATA_DIR), and
 * SIGKILL. Started with no demo data and no scheduler; `env` adds or overrides variables.
 */
import type { ChildProcess } from "node:child_process";
import { SERVE, spawnApp } from "../app-process.js";
import { editable, readService } from "../directory/service-edits.js";

const children = new Set<ChildProcess>();

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  /** Everything the process wrote so far (JSON log lines). */
  output: () => string;
}

export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const app = spawnApp(SERVE, env, dataDir);
  children.add(app.child);
  app.child.once("exit", () => children.delete(app.child));
  return { proc: app.child, url: await app.listening, output: app.output };
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
  return editable(await readService(url, id));
}
