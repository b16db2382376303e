/**
 * Third-party programs the tests start as a user would (kiwix-serve, Prometheus): a free loopback
 * port for them, a clear failure naming the Debian package when one is missing (CI installs it,
 * so a missing binary is an error, never a skip), and a child process that is ready once its
 * address answers and is stopped with the test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { findOnPath } from "../../server/db/find-on-path.js";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The path of `binary`, or an error saying which Debian package installs it. */
export function requireBinary(binary: string, debianPackage: string): string {
  const file = findOnPath(binary);
  if (!file)
    throw new Error(`${binary} is not installed (CI installs it): apt-get install -y ${debianPackage}`);
  return file;
}

export interface ToolProcess {
  child: ChildProcess;
  /** What the program wrote so far (for a failing test's message). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `file args…` and waits until `readyUrl` answers 200 (at most `timeoutMs`). */
export async function startTool(
  file: string,
  args: string[],
  readyUrl: string,
  timeoutMs = 30_000,
): Promise<ToolProcess> {
  const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const tool: ToolProcess = {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(readyUrl)).status === 200) return tool;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await tool.stop();
  throw new Error(`${file} did not answer ${readyUrl} within ${timeoutMs} ms:\n${output}`);
}
