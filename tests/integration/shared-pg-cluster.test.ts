/**
 * The unit run's one PostgreSQL cluster (tests/helpers/pg-shared.ts), on the real server: the
 * databases of every file are on the cluster the run started, under names no other file gets, and
 * are gone once the file is done; a file that stops PostgreSQL gets a cluster of its own, and
 * cannot stop the shared one under the files running beside it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";
import type { PgCluster } from "../helpers/pg-cluster.js";
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

/** Every cluster handle the tests took, destroyed even when an assertion failed half-way. */
const taken: PgCluster[] = [];
afterAll(() => {
  for (const cluster of taken) cluster.destroy();
});
const take = async (options?: { own?: boolean }) => {
  const cluster = await testPgCluster(options);
  taken.push(cluster);
  return cluster;
};

it("puts two files' databases on the cluster the run started, apart, and drops each file's when it is done", async () => {
  const first = await take();
  const second = await take();
  // The URL the first file to ask wrote when it started the run's cluster.
  const runCluster = readFileSync(path.join(inject("sharedPgClusterDir"), "url"), "utf8");
  const firstUrl = first.createDatabase("app_1");
  const secondUrl = second.createDatabase("app_1");
  expect(new URL(firstUrl).port).toBe(new URL(runCluster).port);
  expect(new URL(secondUrl).port).toBe(new URL(runCluster).port);
  expect(firstUrl).not.toBe(secondUrl);
  await query(firstUrl, "CREATE TABLE only_in_first (id int)");
  await expect(query(secondUrl, "SELECT * FROM only_in_first")).rejects.toThrow(/does not exist/);
  first.destroy();
  await expect(query(firstUrl, "SELECT 1")).rejects.toThrow(/does not exist/);
  expect(await query(secondUrl, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
});

it("gives a file that stops PostgreSQL a cluster of its own, and will not stop the shared one", async () => {
  const shared = await take();
  const sharedUrl = shared.createDatabase("kept");
  expect(() => shared.stop()).toThrow(/own: true/);
  const own = await take({ own: true });
  const ownUrl = own.createDatabase("stopped");
  expect(new URL(ownUrl).port).not.toBe(new URL(sharedUrl).port);
  own.stop();
  await expect(query(ownUrl, "SELECT 1")).rejects.toThrow();
  expect(await query(sharedUrl, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
}, 60_000);
