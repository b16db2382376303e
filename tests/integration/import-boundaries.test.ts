/**
 * The layering docs/ARCHITECTURE.md states, read from the source files' own imports: the store
 * (server/db/) knows no module and nothing of server/core/; server/core/ composes nothing (no
 * module, main.ts or modules.ts); and the archive's sql.js repository does not import its way
 * back to repository-of.ts (the circle repository-of → repository-sqljs → search → repository-of).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|mts|mjs)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => SOURCE.test(f))
    .map((f) => path.posix.join(dir, f.split(path.sep).join("/")));
}

/** The repository paths a file imports (relative specifiers only; packages are left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(SPECIFIER)]
    .map((m) => m[1])
    .filter((s) => s.startsWith("."))
    .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)).replace(/\.js$/, ".ts"));
}

const MODULES = ["server/archive/", "server/directory/", "server/waittimes/"];
const COMPOSITION = [
  "server/main.ts",
  "server/modules.ts",
  "server/app.ts",
  "server/cli.ts",
  "server/workers.ts",
];

function forbiddenImports(dir: string, forbidden: string[]): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((f) => target === f || target.startsWith(f)))
      .map((target) => `${file} → ${target}`),
  );
}

describe("import boundaries", () => {
  it("server/db/ imports no module, no composition file and nothing of server/core/", () => {
    expect(forbiddenImports("server/db", [...MODULES, ...COMPOSITION, "server/core/"])).toEqual([]);
  });

  it("server/core/ imports no module and no composition file", () => {
    expect(forbiddenImports("server/core", [...MODULES, ...COMPOSITION])).toEqual([]);
  });

  it("the archive's sql.js repository never imports its way back to repository-of.ts", () => {
    const seen = new Set<string>();
    const queue = ["server/archive/repository-sqljs/index.ts"];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      // Type-only imports vanish at run time but still make the circle a reader follows.
      for (const target of importsOf(file))
        if (target.startsWith("server/archive/") && existsSync(path.join(ROOT, target))) queue.push(target);
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(seen.has("server/archive/repository-of.ts")).toBe(false);
  });
});
