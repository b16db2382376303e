/**
 * Spawns an app process (the real `chc serve`, or another entry such as pg-app-process.ts) on a
 * free port with its own DATA_DIR (or the given one, which it leaves in place), and collects its
 * output; `listening` resolves with its URL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface AppProcess {
  child: ChildProcess;
  output(): string;
  /** What it wrote on standard error alone. */
  errors(): string;
  listening: Promise<string>;
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit; removes the data folder. */
  stop(): Promise<number | null>;
}

export const SERVE = ["server/cli.ts", "serve"];

export function spawnApp(entry: string[], env: Record<string, string>, givenDataDir?: string): AppProcess {
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), "chc-app-"));
  const child = spawn(process.execPath, ["--import", "tsx", ...entry], {
    env: {
      ...process.env,
      PORT: "0",
      REPLAY_PORT: "0",
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      SCHEDULER: "0",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.includes('"listening"'));
      if (line) resolve(JSON.parse(line).url);
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    exited.then(() => reject(new Error(`exited before listening: ${out}`)));
  });
  listening.catch(() => {});
  return {
    child,
    output: () => out,
    errors: () => err,
    listening,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const code = await exited;
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
