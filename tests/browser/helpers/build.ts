// Builds the web app (vite build) when dist/web is missing or older than its sources, so browser
// tests always exercise the current code through the same output the server serves.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");
// WEB_DIST_DIR (also read by vite.config.ts and the server) keeps parallel runs from sharing one build.
const OUTPUT = path.join(path.resolve(ROOT, process.env.WEB_DIST_DIR ?? "dist/web"), "index.html");
const SOURCES = ["web", "sw", "public", "shared", "index.html", "vite.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale(): boolean {
  if (!existsSync(OUTPUT)) return true;
  const built = statSync(OUTPUT).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > built);
}

const VITE = path.join(ROOT, "node_modules/.bin/vite");
const BUILD_ARGS = ["build", "--logLevel", "warn"];
const buildOptions = () => ({
  cwd: ROOT,
  // vitest sets NODE_ENV=test, which would make Vite produce a development build.
  env: { ...process.env, NODE_ENV: "production" },
});

export function ensureWebBuilt(): void {
  if (!webBuildIsStale()) return;
  execFileSync(VITE, BUILD_ARGS, { ...buildOptions(), stdio: "inherit" });
}

/** The same, without blocking: the global setup seeds the demo data while Vite builds. */
export async function ensureWebBuiltInBackground(): Promise<void> {
  if (!webBuildIsStale()) return;
  const child = spawn(VITE, BUILD_ARGS, { ...buildOptions(), stdio: "inherit" });
  const [code, signal] = (await once(child, "exit")) as [number | null, string | null];
  if (code !== 0) throw new Error(`vite build failed (${signal ?? `exit ${code}`})`);
}
