/**
 * Spawns an app process (the real `chc serve`, or another entry such as pg-app-process.ts) on a
 * free port with its own DATA_DIR (or the given one, which it leaves in place), and collects its
 * output; `listening` resolves with its URL. With `stdoutFile` its standard output goes to that
 * file instead (as `node … > app.log` does), and `output()` reads the file.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_ADMIN_TOKEN } from "./admin-token.js";
import { nodeArgsFor } from "./server-bundle.js";

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

export interface SpawnOptions {
  /** Standard output appended to this file rather than piped to the test. */
  stdoutFile?: string;
}

const LOG_FILE_POLL_MS = 50;

export function spawnApp(
  entry: string[],
  env: Record<string, string>,
  givenDataDir?: string,
  options: SpawnOptions = {},
): AppProcess {
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), "chc-app-"));
  const { stdoutFile } = options;
  const stdoutFd = stdoutFile ? openSync(stdoutFile, "a") : undefined;
  const child = spawn(process.execPath, nodeArgsFor(entry[0]!, ...entry.slice(1)), {
    env: {
      ...process.env,
      PORT: "0",
      REPLAY_PORT: "0",
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      SCHEDULER: "0",
      LOG_LEVEL: "info",
      ARCHIVE_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      ...env,
    },
    stdio: ["ignore", stdoutFd ?? "pipe", "pipe"],
  });
  // The child holds its own copy of the descriptor.
  if (stdoutFd !== undefined) closeSync(stdoutFd);
  let out = "";
  let err = "";
  const output = () => (stdoutFile && existsSync(stdoutFile) ? readFileSync(stdoutFile, "utf8") + out : out);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const line = output()
        .split("\n")
        .find((l) => l.includes('"listening"'));
      if (line) resolve(JSON.parse(line).url);
      return Boolean(line);
    };
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      look();
    };
    child.stdout?.on("data", collect);
    child.stderr!.on("data", collect);
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    if (stdoutFile) {
      const poll = setInterval(() => look() && clearInterval(poll), LOG_FILE_POLL_MS);
      exited.then(() => clearInterval(poll));
    }
    exited.then(() => reject(new Error(`exited before listening: ${output()}`)));
  });
  listening.catch(() => {});
  return {
    child,
    output,
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
