/**
 * The fenced shell blocks of the guides (README.md and docs/*.md), with how each is to be run.
 * A fence's info string starts with the language (`sh`, `bash` or `shell`); a second word says
 * how the docs test treats it: none runs it to the end, `server` starts it, waits for the
 * server's health and stops it, and `norun: <reason>` leaves it out (root, PostgreSQL, the
 * public web…), with the reason written for the reader of the guide.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type BlockMode = "run" | "server" | "norun";

export interface ShellBlock {
  /** Path from the repository root, e.g. `docs/operating.md`. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  mode: BlockMode;
  /** Why a `norun` block is not run (empty otherwise). */
  reason: string;
  script: string;
}

const SHELL_LANGUAGES = new Set(["sh", "bash", "shell"]);
const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

/** The guides the test covers: README.md and every Markdown file directly in docs/. */
export function guideFiles(root: string): string[] {
  const docs = readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs];
}

/** Parses a fence's info string; undefined when the block is not a shell block. */
export function parseInfo(info: string): { mode: BlockMode; reason: string } | undefined {
  const match = /^(\S+)\s*(.*)$/.exec(info.trim());
  if (!match || !SHELL_LANGUAGES.has(match[1]!)) return undefined;
  const rest = match[2]!.trim();
  if (rest === "") return { mode: "run", reason: "" };
  if (rest === "server") return { mode: "server", reason: "" };
  const norun = /^norun\b:?\s*(.*)$/.exec(rest);
  if (norun) return { mode: "norun", reason: norun[1]!.trim() };
  throw new Error(`unknown shell fence "${info.trim()}": use "sh", "sh server" or "sh norun: <reason>"`);
}

export function shellBlocksOf(file: string, text: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const start = i;
    const body: string[] = [];
    // A closing fence is the same character, at least as long, with nothing after it.
    while (++i < lines.length && !new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).test(lines[i]!)) {
      body.push(lines[i]!);
    }
    const kind = parseInfo(open[3]!);
    if (kind) blocks.push({ file, line: start + 1, ...kind, script: body.join("\n") });
  }
  return blocks;
}

export function shellBlocksOfGuides(root: string): ShellBlock[] {
  return guideFiles(root).flatMap((file) => shellBlocksOf(file, readFileSync(path.join(root, file), "utf8")));
}
