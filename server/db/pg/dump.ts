/**
 * `db backup` and `db restore` on PostgreSQL: one `pg_dump` run for every module's schema (one
 * snapshot, so the modules agree with each other) with the extensions those schemas hold (the
 * archive's `unaccent` and `pg_trgm`, whose dictionaries and operator classes its text search and
 * indexes use: `pg_dump --schema` alone leaves them out, and such a dump does not restore), and
 * `pg_restore` of it in one transaction, so a restore either puts everything back or nothing.
 * The tools are PostgreSQL's own (Debian's postgresql-client); the password goes through the
 * environment, never the command line.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { findOnPath } from "../find-on-path.js";

type Tool = "pg_dump" | "pg_restore";

/** The tool on PATH, else the newest installed server's (Debian keeps them under /usr/lib/postgresql). */
export function findPgTool(tool: Tool): string {
  const found = findOnPath(tool);
  if (found) return found;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, "bin", tool)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return path.join(root, versions[0], "bin", tool);
  throw new Error(
    `${tool} is not installed, so the PostgreSQL schemas cannot be ${tool === "pg_dump" ? "backed up" : "restored"}; ` +
      "nothing was written: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)",
  );
}

/** libpq's environment for the pool's database (DATABASE_URL), the password included. */
export function libpqEnv(pool: pg.Pool): NodeJS.ProcessEnv {
  const url = pool.options.connectionString;
  if (!url) throw new Error("the PostgreSQL pool has no connection URL");
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: "chc db" };
  const host = u.searchParams.get("host") ?? decodeURIComponent(u.hostname);
  if (host) env.PGHOST = host;
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (database) env.PGDATABASE = database;
  const sslmode = u.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  else if (u.searchParams.get("ssl") === "true") env.PGSSLMODE = "require";
  return env;
}

function run(tool: Tool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const file = findPgTool(tool);
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, maxBuffer: 64 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      const said = String(stderr).trim().split("\n").slice(0, 12).join("\n  ");
      reject(new Error(`${tool} failed:\n  ${said || err.message}`));
    });
  });
}

/** The extensions installed in these schemas (their objects live there: a dump must carry them). */
export async function extensionsIn(pool: pg.Pool, schemas: readonly string[]): Promise<string[]> {
  const { rows } = await pool.query<{ extname: string }>(
    `SELECT e.extname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE n.nspname = ANY($1::text[]) ORDER BY e.extname`,
    [schemas],
  );
  return rows.map((r) => r.extname);
}

/**
 * Dumps `schemas` and `extensions` into `file` (custom format) in one `pg_dump` run: one snapshot.
 */
export async function dumpSchemas(
  pool: pg.Pool,
  schemas: readonly string[],
  extensions: readonly string[],
  file: string,
): Promise<void> {
  await run(
    "pg_dump",
    [
      "--format=custom",
      "--file",
      file,
      ...schemas.map((s) => `--schema=${s}`),
      ...extensions.map((e) => `--extension=${e}`),
    ],
    libpqEnv(pool),
  );
}

/**
 * Restores a dump made by `dumpSchemas` into the pool's database in one transaction (the first
 * error undoes all of it). Objects belong to the restoring user; grants are not carried over.
 */
export async function restoreDump(pool: pg.Pool, file: string): Promise<void> {
  const env = libpqEnv(pool);
  // Without --dbname pg_restore writes SQL to its output instead of connecting.
  const args = ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges"];
  await run("pg_restore", [...args, "--dbname", env.PGDATABASE ?? env.PGUSER ?? "postgres", file], env);
}
