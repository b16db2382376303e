/**
 * The TypeScript entries that tests start as child processes (the `chc` CLI and server, the
 * PostgreSQL app process, the crash harnesses), compiled once per test run from the working tree.
 * Starting `node --import tsx server/cli.ts` costs some 2.5 s of CPU to load and transform the
 * sources; the same code from one esbuild bundle loads in under 1 s, and the suites start
 * hundreds of such processes.
 *
 * Each module keeps its own `import.meta.url` (the plugin writes the source file's URL in its
 * place), so the files it reads beside itself (seed data, reference lists, worker modules, the
 * web build) are the ones in the working tree. The packages are compiled in too: loading some 500
 * files of node_modules one by one (zod, libphonenumber-js, prom-client's OpenTelemetry API,
 * nodemailer…) was a third of a command's start (measured: `chc serve` from start to stop
 * 1.25 s of CPU with the packages as imports, 0.88 s compiled in; `chc --help` 0.62 s, 0.30 s).
 * Those a module loads at run time by name stay on disk, found from node_modules/.cache where the
 * bundles sit: sql.js (its wasm beside it) and pg's optional native binding. The CommonJS
 * packages' `require` of Node's own modules goes through a real `require` (the banner).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BUNDLE_DIR_ENV = "CHC_TEST_BUNDLE_DIR";

/** Entries compiled in advance, by their path from the repository root. */
const BUNDLED_ENTRIES = [
  "server/cli.ts",
  "tests/helpers/pg-app-process.ts",
  "tests/crash/store-harness.ts",
  "tests/crash/lock-contender.ts",
  "tests/crash/copy-to-postgres-child.ts",
  "tests/archive/fixtures/crawl-child.ts",
];

// The bundle replaces each module's import.meta.url by its source file's URL.
const ownUrlPlugin: esbuild.Plugin = {
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, "utf8");
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

/**
 * Builds the bundles into a fresh folder and names it in the environment the test workers
 * inherit; returns a function that removes the folder.
 */
export async function buildServerBundles(): Promise<() => void> {
  const cache = path.join(ROOT, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, "chc-test-bundle-"));
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: BUNDLED_ENTRIES,
    outbase: ROOT,
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    external: ["sql.js", "pg-native"],
    banner: {
      js: 'import { createRequire as chcCreateRequire } from "node:module"; const require = chcCreateRequire(import.meta.url);',
    },
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    logLevel: "error",
    plugins: [ownUrlPlugin],
  });
  process.env[BUNDLE_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Node's arguments to run `entry` (a .ts path from the repository root, or absolute) with its
 * arguments: the run's bundle when it was built, otherwise the source through tsx.
 */
export function nodeArgsFor(entry: string, ...args: string[]): string[] {
  const relative = path.relative(ROOT, path.resolve(ROOT, entry));
  const dir = process.env[BUNDLE_DIR_ENV];
  if (dir && BUNDLED_ENTRIES.includes(relative)) {
    return [path.join(dir, relative.replace(/\.ts$/, ".mjs")), ...args];
  }
  return ["--import", "tsx", entry, ...args];
}
