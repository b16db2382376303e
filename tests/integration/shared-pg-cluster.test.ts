/**
 * The unit run's one PostgreSQL cluster (tests/helpers/pg-shared.ts), on the real server: the
 * databases of every file are on the cluster the run started, under names no other file gets, and
 * are gone once the file is done; a file that stops PostgreSQL gets a cluster of its own, and
 * cannot stop the shared one under the files running beside it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, inject, it } from "vitest";
import { testPgCluster } from "../helpers/pg-shared.js";

/** Runs one statement on `url` and returns its rows. */
async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

it("puts two files' databases on the cluster the run started, apart, and drops each file's when it is done", async () => {
  const first = await testPgCluster();
  const second = await testPgCluster();
  // The URL the first file to ask wrote when it started the run's cluster.
  const runCluster = readFileSync(path.join(inject("sharedPgClusterDir"), "url"), "utf8");
  const firstUrl = first.createDatabase("app_1");
  const secondUrl = second.createDatabase("app_1");
  try {
    expect(new URL(firstUrl).port).toBe(new URL(runCluster).port);
    expect(new URL(secondUrl).port).toBe(new URL(runCluster).port);
    expect(firstUrl).not.toBe(secondUrl);
    await query(firstUrl, "CREATE TABLE only_in_first (id int)");
    await expect(query(secondUrl, "SELECT * FROM only_in_first")).rejects.toThrow(/does not exist/);
  } finally {
    first.destroy();
  }
  await expect(query(firstUrl, "SELECT 1")).rejects.toThrow(/does not exist/);
  expect(await query(secondUrl, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
  second.destroy();
});

it("gives a file that stops PostgreSQL a cluster of its own, and will not stop the shared one", async () => {
  const shared = await testPgCluster();
  const sharedUrl = shared.createDatabase("kept");
  expect(() => shared.stop()).toThrow(/own: true/);
  const own = await testPgCluster({ own: true });
  try {
    const ownUrl = own.createDatabase("stopped");
    expect(new URL(ownUrl).port).not.toBe(new URL(sharedUrl).port);
    own.stop();
    await expect(query(ownUrl, "SELECT 1")).rejects.toThrow();
    expect(await query(sharedUrl, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
  } finally {
    own.destroy();
    shared.destroy();
  }
}, 60_000);
