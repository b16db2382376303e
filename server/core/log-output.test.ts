/**
 * The log output over real descriptors: /dev/full refuses every write with ENOSPC (a full disk),
 * a file in a temporary folder accepts them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { LogOutput } from "./log-output.js";

const fds: number[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const fd of fds.splice(0)) fs.closeSync(fd);
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function open(file: string): number {
  const fd = fs.openSync(file, "a");
  fds.push(fd);
  return fd;
}

const output = (fd: number, maxPendingChars = 1 << 20) =>
  new LogOutput({ fd, chunkChars: 64, flushMs: 10_000, maxPendingChars });
const flushed = (out: LogOutput) => new Promise<void>((resolve) => out.flush(() => resolve()));

it("drops and counts the lines a full disk refuses, without throwing, and keeps the error", async () => {
  const out = output(open("/dev/full"));
  for (let i = 0; i < 5; i++) out.write(`{"n":${i}}\n`);
  await flushed(out);
  expect(out.status()).toMatchObject({ droppedLines: 5, lastError: expect.stringMatching(/ENOSPC/) });
  out.write('{"n":5}\n');
  out.flushSync();
  expect(out.status().droppedLines).toBe(6);
});

it("writes every line to a descriptor that accepts them, in order", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-output-"));
  dirs.push(dir);
  const file = path.join(dir, "app.log");
  // Chunks large enough that only a flush writes: no asynchronous write is still in flight when
  // flushSync runs (at exit one would be lost; an orderly stop awaits flush first, as main.ts does).
  const out = new LogOutput({
    fd: open(file),
    chunkChars: 1 << 20,
    flushMs: 10_000,
    maxPendingChars: 1 << 20,
  });
  const lines = Array.from({ length: 40 }, (_, i) => `{"n":${i}}\n`);
  for (const line of lines.slice(0, 30)) out.write(line);
  await flushed(out);
  for (const line of lines.slice(30)) out.write(line);
  out.flushSync();
  expect(fs.readFileSync(file, "utf8")).toBe(lines.join(""));
  expect(out.status()).toEqual({ droppedLines: 0, lastError: null, lastErrorAt: null });
});

it("drops new lines beyond its cap while a write is in flight, instead of holding them", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-output-"));
  dirs.push(dir);
  const out = output(open(path.join(dir, "app.log")), 100);
  // 11 lines of 20 characters: the first 4 (80, over a chunk) go to a write, the cap holds 5 more
  // while it is in flight, the last 2 are dropped.
  for (let i = 0; i < 11; i++) out.write(`${"x".repeat(19)}\n`);
  expect(out.status().droppedLines).toBe(2);
  await flushed(out);
});
