import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgCluster } from "../../../tests/helpers/pg-cluster.js";
import { testPgCluster } from "../../../tests/helpers/pg-shared.js";
import { createPgPool, versionedWrite } from "./pool.js";

let cluster: PgCluster;
let pool: pg.Pool;
let reader: pg.Pool;

/** The data version as another process reads it (a module's dataVersion()). */
const version = async () =>
  (
    await reader.query<{ v: number }>(
      "SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM data_version",
    )
  ).rows[0].v;
const rows = async () => (await reader.query<{ n: number }>("SELECT count(*) AS n FROM items")).rows[0].n;

beforeAll(async () => {
  cluster = await testPgCluster();
  const url = cluster.createDatabase("versioned_write");
  pool = createPgPool({ url, schema: "module", size: 2 });
  reader = createPgPool({ url, schema: "module", size: 1 });
  await reader.query(
    "CREATE SCHEMA module; CREATE SEQUENCE module.data_version; CREATE TABLE module.items (n int)",
  );
});

afterAll(async () => {
  await pool?.end();
  await reader?.end();
  cluster?.destroy();
});

describe("versionedWrite", () => {
  it("moves the data version again once its rows are visible, past what a reader saw meanwhile", async () => {
    let seen: { version: number; rows: number } | undefined;
    await versionedWrite(pool, async (client) => {
      await client.query("INSERT INTO items VALUES (1)");
      // Another process looks while the write is under way: the version has moved, the row is not there.
      seen = { version: await version(), rows: await rows() };
    });
    expect(seen).toMatchObject({ rows: 0 });
    expect(await rows()).toBe(1);
    // A copy kept under the version seen meanwhile is out of date: the version says so.
    expect(await version()).toBeGreaterThan(seen!.version);
  });

  it("writes nothing and throws what the transaction threw", async () => {
    const before = await rows();
    await expect(
      versionedWrite(pool, async (client) => {
        await client.query("INSERT INTO items VALUES (2)");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await rows()).toBe(before);
  });
});
