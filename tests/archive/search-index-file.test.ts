/**
 * The search index saved beside the database: a build saves it, the next start reads it back
 * instead of building (and still learns new snapshots, new captures of known pages included),
 * and a file that holds other snapshots (stale) or fails a checksum (a changed byte in its body or
 * its header: damaged) is set aside for a fresh build. Every answer equals the FTS4 path's over
 * the same database.
 */
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveModule, createArchiveModule } from "../../server/archive/index.js";
import { type SearchParams, searchUncached } from "../../server/archive/search/search.js";
import { searchIndexReady, searchIndexStatus } from "../../server/archive/search/search-index.js";
import { createStore } from "../../server/db/store.js";
import type { Store } from "../../server/db/types.js";
import { indexGeneratedJob } from "../helpers/archive/search-corpus.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const base: SearchParams = {
  q: "",
  view: "pages",
  sort: "relevance",
  page: 1,
  pageSize: 50,
  includeNon2xx: false,
  includeDuplicates: false,
};
const queries = ["influenza", "grippe saisonniere", "vacc", "measles OR rougeole", "", '"soap and water"'];
type Answer = { q: string; mode: string; total: number; ids: number[]; by: string };

let dataDir: string;
const file = () => path.join(dataDir, "archive", "search-index.bin");
const running: TestServer[] = [];

async function answers(store: Store): Promise<Answer[]> {
  const out: Answer[] = [];
  for (const q of queries) {
    const r = await searchUncached(store, { ...base, q });
    out.push({ q, mode: r.mode, total: r.total, ids: r.hits.map((h) => h.id), by: r.answeredBy });
  }
  return out;
}

/** The same answers from FTS4 alone: the store opened without a search index. */
async function fts4Answers(): Promise<Answer[]> {
  const store = await createStore({ dataDir, name: "archive", migrations: archiveModule.migrations });
  try {
    return await answers(store);
  } finally {
    await store.close();
  }
}

const byIndex = (list: Answer[]) => list.map((a) => ({ ...a, by: "index" }));

async function start(): Promise<{ server: TestServer; store: Store }> {
  const server = await startTestServer({ dataDir, modules: [createArchiveModule()] });
  running.push(server);
  const store = server.contexts.get("archive")?.store as Store;
  for (let i = 0; i < 600 && !searchIndexReady(store); i++) await new Promise((r) => setTimeout(r, 50));
  expect(searchIndexReady(store)).toBe(true);
  return { server, store };
}

function flipByte(at: number): void {
  const saved = readFileSync(file());
  const fd = openSync(file(), "r+");
  writeSync(fd, Buffer.from([saved[at] ^ 1]), 0, 1, at);
  closeSync(fd);
}

async function stop(server: TestServer): Promise<void> {
  await server.close();
  running.splice(running.indexOf(server), 1);
}

beforeAll(async () => {
  const seed = await openArchiveStore();
  dataDir = seed.dataDir;
  await indexGeneratedJob(seed.store, dataDir, { count: 100, first: 0, day: "2026-05-01T08:00:00.000Z" });
  await seed.store.close();
}, 120_000);
afterAll(async () => {
  for (const s of [...running]) await s.close();
});

describe("the saved search index", () => {
  it("is saved by a build, read back at the next start, and set aside when stale or damaged", async () => {
    const expected = await fts4Answers();

    // First start: no file yet, so a build, which saves it.
    let { server, store } = await start();
    expect(searchIndexStatus(store)).toMatchObject({
      source: "build",
      fileMissed: "missing: no saved index",
    });
    for (let i = 0; i < 200 && searchIndexStatus(store).fileUpTo !== 100; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(searchIndexStatus(store).fileUpTo).toBe(100);
    expect(await answers(store)).toEqual(byIndex(expected));
    await stop(server);

    // Second start: read from the file, then it learns new captures (of pages it already knows).
    ({ server, store } = await start());
    expect(searchIndexStatus(store)).toMatchObject({
      source: "file",
      fileMissed: null,
      fileUpTo: 100,
      documents: 100,
    });
    expect(await answers(store)).toEqual(byIndex(expected));
    await indexGeneratedJob(store, dataDir, { count: 20, first: 25, day: "2026-06-01T08:00:00.000Z" });
    for (let i = 0; i < 200 && !searchIndexReady(store); i++) await new Promise((r) => setTimeout(r, 50));
    const fed = await answers(store);
    await stop(server);
    const expectedFed = await fts4Answers();
    expect(expectedFed).not.toEqual(expected);
    expect(fed).toEqual(byIndex(expectedFed));

    // Third start: the file still holds the first 100 snapshots only, so it is stale: a build.
    ({ server, store } = await start());
    expect(searchIndexStatus(store)).toMatchObject({
      source: "build",
      fileMissed: expect.stringMatching(/^stale: holds 100 snapshots up to 100, the database 120 up to 120/),
    });
    expect(await answers(store)).toEqual(byIndex(expectedFed));
    for (let i = 0; i < 200 && searchIndexStatus(store).fileUpTo !== 120; i++)
      await new Promise((r) => setTimeout(r, 50));
    await stop(server);

    // Fourth start: one byte of the body changed, so the checksum fails: a build again.
    flipByte(readFileSync(file()).length - 100);
    ({ server, store } = await start());
    expect(searchIndexStatus(store)).toMatchObject({
      source: "build",
      fileMissed: "damaged: checksum differs",
    });
    expect(await answers(store)).toEqual(byIndex(expectedFed));
    for (let i = 0; i < 200 && searchIndexStatus(store).fileUpTo !== 120; i++)
      await new Promise((r) => setTimeout(r, 50));
    await stop(server);

    // Fifth start: one byte of the header changed (where the sections are): a build again.
    flipByte(40);
    ({ server, store } = await start());
    expect(searchIndexStatus(store)).toMatchObject({
      source: "build",
      fileMissed: "damaged: header checksum differs",
    });
    expect(await answers(store)).toEqual(byIndex(expectedFed));
    await stop(server);
  }, 120_000);
});
