/**
 * Several app processes on one PostgreSQL database (one throwaway cluster for the file): started
 * together on an empty database, they migrate and seed it once; a session made on one works on the
 * other, a write through one is read through the other at once, incident ids never collide and the
 * sign-in limit counts across them. Then the `db` commands on PostgreSQL, and WORKERS=2 refused
 * where it cannot work (pg-workers.test.ts runs it where it can).
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildCli } from "../../server/cli.js";
import { ConfigError, loadConfig } from "../../server/core/config.js";
import type { ServiceModule } from "../../server/core/module.js";
import { PgHealth } from "../../server/db/pg/health.js";
import { createPgPool } from "../../server/db/pg/pool.js";
import { addUser } from "../../server/directory/accounts/users.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { lockServiceWrites } from "../../server/directory/repository-pg/queries.js";
import { waittimesModule } from "../../server/waittimes/index.js";
import { serve } from "../../server/workers.js";
import { type AppProcess, spawnApp } from "../helpers/app-process.js";
import { postLogin } from "../helpers/directory/accounts.js";
import { pgBackend } from "../helpers/pg-backend.js";

const PG_APP = ["tests/helpers/pg-app-process.ts"];
const ADMIN = "admin@example.org";
const PASSWORD = "correct horse battery staple";
const json = { "content-type": "application/json" };

const backends = pgBackend();
let databaseUrl: string;
let pool: pg.Pool;
let a: AppProcess;
let b: AppProcess;
let urlA: string;
let urlB: string;

beforeAll(async () => {
  databaseUrl = (await backends.databaseUrl("pg"))!;
  // The directory alone: its demo seed is what two processes must not write twice (the wait-time
  // demo would add seconds and prove nothing more).
  const env = {
    DATABASE_URL: databaseUrl,
    DEMO_DATA: "1",
    APP_MODULES: "directory",
    RATE_LIMIT_PER_MINUTE: "100000",
  };
  a = spawnApp(PG_APP, env);
  b = spawnApp(PG_APP, env);
  [urlA, urlB] = await Promise.all([a.listening, b.listening]);
  pool = createPgPool({ url: databaseUrl, schema: "directory", size: 2 });
  const repo = directoryRepository({ database: { kind: "pg", pool, health: new PgHealth(pool, 1000) } });
  await addUser(repo, { email: ADMIN, password: PASSWORD, role: "admin" });
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
  await backends.close();
});

const login = (base: string, email: string, password: string) => postLogin(base, email, password, "bearer");

/** A service as read through `base`: its version, and the fields a PUT sends back. */
async function forEditing(base: string, id: string) {
  const {
    id: _id,
    organizationId: _o,
    organizationName: _n,
    version,
    updatedAt: _u,
    provenance: _p,
    ...rest
  } = (await (await fetch(`${base}/api/v1/services/${id}`)).json()).data;
  return { version: version as number, rest };
}

describe("two app processes on one database", () => {
  it("started together on an empty database, they migrated it and seeded the demo data once", async () => {
    for (const base of [urlA, urlB]) {
      const services = await (await fetch(`${base}/api/v1/services?limit=1`)).json();
      expect(services.meta.total).toBe(171);
    }
    const { rows } = await pool.query(
      "SELECT count(*)::int AS n, count(DISTINCT version)::int AS d FROM _migrations",
    );
    expect(rows[0]).toEqual({ n: 8, d: 8 });
    const seeded = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM services");
    expect(seeded.rows[0]?.n).toBe(196);
  });

  it("a session made on one works on the other, and a write through one is read through the other at once", async () => {
    const token = (await (await login(urlA, ADMIN, PASSWORD)).json()).data.token;
    const auth = { ...json, authorization: `Bearer ${token}` };
    expect((await fetch(`${urlB}/api/v1/auth/me`, { headers: auth })).status).toBe(200);

    const id = "partners-in-mission-food-bank";
    const { version, rest } = await forEditing(urlA, id);
    const put = await fetch(`${urlB}/api/v1/services/${id}`, {
      method: "PUT",
      headers: { ...auth, "if-match": `"${version}"` },
      body: JSON.stringify({ ...rest, fees: "Free, written through B" }),
    });
    expect(put.status).toBe(200);
    const after = (await (await fetch(`${urlA}/api/v1/services/${id}`)).json()).data;
    expect(after).toMatchObject({ version: version + 1, fees: "Free, written through B" });

    // Signed out on A: B refuses the token at once too.
    await fetch(`${urlA}/api/v1/auth/logout`, { method: "POST", headers: auth });
    expect((await fetch(`${urlB}/api/v1/auth/me`, { headers: auth })).status).toBe(401);
  });

  it("a write through one is read through the other even when the other looked while it was under way", async () => {
    const token = (await (await login(urlA, ADMIN, PASSWORD)).json()).data.token;
    const auth = { ...json, authorization: `Bearer ${token}` };
    const id = "partners-in-mission-food-bank";
    const { version, rest } = await forEditing(urlA, id);
    const dataVersion = async () =>
      (await pool.query<{ v: number }>("SELECT last_value AS v FROM data_version")).rows[0].v;
    // The test holds the lock every write of service rows takes, so B's write waits inside its
    // transaction, after it began.
    const holder = await pool.connect();
    let put: Promise<Response> | undefined;
    try {
      await holder.query("BEGIN");
      await lockServiceWrites(holder);
      const before = await dataVersion();
      put = fetch(`${urlB}/api/v1/services/${id}`, {
        method: "PUT",
        headers: { ...auth, "if-match": `"${version}"` },
        body: JSON.stringify({ ...rest, fees: "Free, looked at while written" }),
      });
      await vi.waitFor(async () => expect(await dataVersion()).toBeGreaterThan(before), { timeout: 10_000 });
      // A looks while the write is under way: it still answers what is committed.
      const during = (await (await fetch(`${urlA}/api/v1/services/${id}`)).json()).data;
      expect(during.version).toBe(version);
    } finally {
      await holder.query("COMMIT");
      holder.release();
    }
    expect((await put).status).toBe(200);
    const after = (await (await fetch(`${urlA}/api/v1/services/${id}`)).json()).data;
    expect(after).toMatchObject({ version: version + 1, fees: "Free, looked at while written" });
  });

  it("incident ids opened through both at once never collide", async () => {
    const token = (await (await login(urlB, ADMIN, PASSWORD)).json()).data.token;
    const auth = { ...json, authorization: `Bearer ${token}` };
    const opened = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${i % 2 ? urlA : urlB}/api/v1/admin/incidents`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ severity: "SEV-4", title: `drill ${i}` }),
        }).then(async (res) => ({ status: res.status, id: (await res.json()).data?.id as string })),
      ),
    );
    expect(opened.map((o) => o.status)).toEqual(Array(12).fill(201));
    const ids = opened.map((o) => o.id);
    for (const id of ids) expect(id).toMatch(/^INC-\d{8}-\d{3}$/);
    expect(new Set(ids).size).toBe(12);
  });

  it("the sign-in limit counts attempts made on both, even in parallel", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(i % 2 ? urlA : urlB, "nobody@example.org", "wrong password")),
    );
    const statuses = answers.map((r) => r.status).sort();
    // Five failures per account, counted before the password is checked, whichever process took them.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const next = await login(urlA, "nobody@example.org", "wrong password");
    expect(next.status).toBe(429);
    expect(Number(next.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("chc db on PostgreSQL", () => {
  async function chc(...args: string[]): Promise<string[]> {
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(...String(chunk).trimEnd().split("\n"));
      return true;
    });
    vi.stubEnv("DATABASE_URL", databaseUrl);
    try {
      await buildCli().parseAsync(["node", "chc", ...args]);
    } finally {
      write.mockRestore();
      vi.unstubAllEnvs();
    }
    return lines;
  }

  it("reads and moves each module's revision in its schema, with the sql.js commands' output", async () => {
    // The app processes above run the directory only: the wait-time schema is still empty.
    expect(await chc("db", "upgrade", "--module", "waittimes")).toEqual([
      "waittimes: upgraded 0 -> 6 (applied 1, 2, 3, 4, 5, 6)",
    ]);
    expect(await chc("db", "current", "--module", "directory")).toEqual([
      "directory: revision 8 (latest 8, up to date)",
    ]);
    const history = await chc("db", "history", "--module", "waittimes");
    expect(history[0]).toBe("waittimes:");
    expect(history.slice(1)).toHaveLength(6);
    for (const line of history.slice(1)) expect(line).toMatch(/^ {2}\[x\] +\d+ {2}.+ {2}applied \d{4}-/);
    expect(await chc("db", "downgrade", "--module", "waittimes")).toEqual([
      "waittimes: reverted 6 dated methodology changes per hospital; now at 5",
    ]);
    expect(await chc("db", "upgrade", "--module", "waittimes")).toEqual([
      "waittimes: upgraded 5 -> 6 (applied 6)",
    ]);
    expect(await chc("db", "upgrade", "--module", "waittimes")).toEqual([
      "waittimes: already at the latest revision (6)",
    ]);
  });
});

describe("WORKERS=2 where several processes cannot share the data", () => {
  it("is refused before any process starts", async () => {
    // On sql.js the configuration itself refuses (config.test.ts has the message); with DATABASE_URL,
    // a module that still keeps a sql.js file refuses it too.
    expect(() => loadConfig({ WORKERS: "2" })).toThrow(ConfigError);
    const config = loadConfig({ WORKERS: "2", DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" });
    const embedded: ServiceModule = { ...directoryModule, pgMigrations: undefined };
    const refused = await serve(config, { modules: [waittimesModule, embedded] }).then(
      () => null,
      (err: Error) => err,
    );
    expect(refused).toBeInstanceOf(ConfigError);
    expect(refused?.message).toMatch(/^Invalid environment variable WORKERS=2: the directory module [^\n]*$/);
    expect(refused?.message).not.toContain(databaseUrl);
  });
});
