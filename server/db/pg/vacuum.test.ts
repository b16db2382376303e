import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgCluster } from "../../../tests/helpers/pg-cluster.js";
import { testPgCluster } from "../../../tests/helpers/pg-shared.js";
import { checkpoint } from "./vacuum.js";

let cluster: PgCluster;
let url: string;
const pools: pg.Pool[] = [];
// A role of this file's own: files share the run's cluster.
const role = `no_checkpoint_${randomBytes(4).toString("hex")}`;
const poolAs = (user?: string) => {
  const pool = new pg.Pool({ connectionString: user ? url.replace("//chc@", `//${user}@`) : url, max: 1 });
  pools.push(pool);
  return pool;
};

beforeAll(async () => {
  cluster = await testPgCluster();
  url = cluster.createDatabase("checkpoint");
  await poolAs().query(`CREATE ROLE ${role} LOGIN`);
});

afterAll(async () => {
  await poolAs().query(`DROP ROLE IF EXISTS ${role}`);
  for (const pool of pools) await pool.end();
  cluster.destroy();
});

describe("checkpoint", () => {
  it("writes every changed page out to disk now, and takes its time", async () => {
    const admin = poolAs();
    // The control file's last checkpoint (the statistics views are flushed later, not at once).
    const last = async () =>
      (await admin.query<{ lsn: string }>("SELECT redo_lsn::text AS lsn FROM pg_control_checkpoint()"))
        .rows[0].lsn;
    const before = await last();
    await admin.query("CREATE TABLE written AS SELECT g FROM generate_series(1, 10000) g");
    const done = await checkpoint(admin);
    expect(done).toEqual({ seconds: expect.any(Number) });
    expect(await last()).not.toBe(before);
  });

  it("gives back PostgreSQL's refusal, not an error, to a role that may not checkpoint", async () => {
    const done = await checkpoint(poolAs(role));
    expect(done).toEqual({ refused: expect.stringMatching(/permission denied|must be superuser/i) });
  });
});
