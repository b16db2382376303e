/**
 * Temporary folders a test makes under the system's temp folder, removed once its file has run
 * (scratch-dir-cleanup.ts, a setup file): a test need not remember to, and a failed one leaves
 * nothing behind either. Kept on globalThis, since a worker may load this module once per file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const MADE = Symbol.for("chc.tests.scratchDirs");
type WithMade = { [MADE]?: Set<string> };

function made(): Set<string> {
  const holder = globalThis as WithMade;
  holder[MADE] ??= new Set();
  return holder[MADE];
}

/** A new empty folder named `<prefix>XXXXXX` in the temp folder, removed after this test file. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made().add(dir);
  return dir;
}

/** Removes every folder scratchDir made (a test may have removed its own already). */
export function removeScratchDirs(): void {
  for (const dir of made()) rmSync(dir, { recursive: true, force: true });
  made().clear();
}
