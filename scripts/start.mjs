#!/usr/bin/env node
/**
 * `npm start`: builds the web app when it is missing or older than its sources, then serves
 * everything from this process (first start also writes demo data into DATA_DIR).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "dist", "web", "index.html");
const sources = ["web", "sw", "public", "shared", "index.html", "vite.config.ts", "package-lock.json"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  process.stderr.write(
    builtAt ? "web app sources changed: rebuilding…\n" : "building the web app (first start)…\n",
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "vite", "bin", "vite.js"), "build"],
    {
      cwd: root,
      stdio: "inherit",
      // The server serves a production build whatever NODE_ENV the shell has: with NODE_ENV=test
      // (a test runner's) Vite made a development build, which registers no service worker.
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
const { buildCli } = await import("../server/cli.ts");
await buildCli().parseAsync([process.argv[0], "chc", "serve"]);
