/**
 * Issue #16 §3: an edition as a WACZ package, from the real server over HTTP and from the CLI in
 * its own process beside that server: it unzips, every hash in datapackage.json matches, the CDXJ
 * lists every response record in order at offsets warcio reads back, and pages.jsonl lists every
 * page. A client that reads slowly does not make the server read the edition ahead of it.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../../server/db/types.js";
import { type EditionFixture, SITE, seedEdition, seedShardJob } from "../helpers/archive/edition-fixture.js";
import { tmpDir } from "../helpers/archive/store-and-site.js";
import {
  parseCdxj,
  readZip,
  recordAt,
  responseRecords,
  sha256,
  type ZipEntry,
} from "../helpers/archive/wacz-check.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const run = promisify(execFile);
let server: TestServer;
let store: Store;
let edition: EditionFixture;
let loneJob: number;
let bigJob: number;
const YEAR = 2026;

beforeAll(async () => {
  server = await startTestServer({ env: { ARCHIVE_DEMO_CRAWL: "0" } });
  store = server.contexts.get("archive")!.store;
  edition = await seedEdition(store, server.dataDir, { year: YEAR, shards: 2, pages: 12 });
  // A job of no edition: never part of the edition's package.
  loneJob = await seedShardJob(store, server.dataDir, { editionId: null, shard: 9, pages: 3 });
  // Three 8 MB downloads that do not compress: a package far larger than socket buffers.
  bigJob = await seedShardJob(store, server.dataDir, {
    editionId: null,
    shard: 10,
    pages: 2,
    extra: async (w) => {
      for (let k = 0; k < 3; k++)
        await w.append({
          url: `${SITE}/files/data-${k}.bin`,
          date: new Date().toISOString(),
          method: "GET",
          requestHeaders: {},
          status: 200,
          statusText: "OK",
          responseHeaders: [["Content-Type", "application/octet-stream"]],
          body: randomBytes(8 * 1024 * 1024),
        });
    },
  });
}, 120_000);
afterAll(() => server?.close());

const pagesOfJobs = (ids: number[]) =>
  store
    .all<{ url: string }>(
      `SELECT url FROM snapshots WHERE job_id IN (${ids.join(",")}) AND status_code BETWEEN 200 AND 299`,
    )
    .map((r) => r.url)
    .sort();

/** Checks the package and returns what it holds. */
async function checkPackage(zip: Map<string, ZipEntry>) {
  const names = [...zip.keys()];
  for (const [name, e] of zip) expect(e.method, `${name} is stored, not compressed`).toBe(0);
  const manifest = JSON.parse(zip.get("datapackage.json")!.data.toString());
  expect(manifest).toMatchObject({ profile: "data-package", wacz_version: "1.1.1" });
  // Every file but the manifest and its digest is listed, with its true hash and size.
  expect(manifest.resources.map((r: { path: string }) => r.path).sort()).toEqual(
    names.filter((n) => !n.startsWith("datapackage")).sort(),
  );
  for (const r of manifest.resources as { path: string; hash: string; bytes: number }[]) {
    const data = zip.get(r.path)!.data;
    expect(r.hash, r.path).toBe(sha256(data));
    expect(r.bytes, r.path).toBe(data.length);
  }
  expect(JSON.parse(zip.get("datapackage-digest.json")!.data.toString())).toEqual({
    path: "datapackage.json",
    hash: sha256(zip.get("datapackage.json")!.data),
  });

  const cdxText = zip.get("indexes/index.cdxj")!.data.toString();
  const lines = cdxText.split("\n").filter(Boolean);
  expect(lines).toEqual([...lines].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  const rows = parseCdxj(cdxText);
  const warcNames = names.filter((n) => n.startsWith("archive/")).map((n) => n.slice("archive/".length));
  const expected: string[] = [];
  for (const name of warcNames) {
    const warc = zip.get(`archive/${name}`)!.data;
    for (const r of await responseRecords(warc)) expected.push(`${name} ${r.offset} ${r.length} ${r.url}`);
  }
  expect(rows.map((r) => `${r.filename} ${r.offset} ${r.length} ${r.url}`).sort()).toEqual(expected.sort());
  for (const r of rows) {
    expect(r.ts).toMatch(/^\d{14}$/);
    const at = await recordAt(zip.get(`archive/${r.filename}`)!.data, Number(r.offset), Number(r.length));
    expect(at).toEqual({ type: "response", url: r.url, status: Number(r.status) });
  }

  const [header, ...pages] = zip
    .get("pages/pages.jsonl")!
    .data.toString()
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(header).toEqual({ format: "json-pages-1.0", id: "pages", title: "All Pages" });
  for (const p of pages) expect(Number.isNaN(Date.parse(p.ts))).toBe(false);
  return { manifest, rows, warcNames, pageUrls: pages.map((p: { url: string }) => p.url).sort() };
}

describe("WACZ over HTTP", () => {
  it("packages every WARC, record and page of the edition's jobs, and nothing else", async () => {
    const res = await fetch(`${server.baseUrl}/api/exports/editions/${edition.editionId}.wacz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/wacz+zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="chc-archive-demo-${YEAR}.wacz"`,
    );
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    const got = await checkPackage(await readZip(body));
    expect(got.warcNames.sort()).toEqual(edition.jobIds.map((id) => `job${id}-00001.warc.gz`).sort());
    // 12 pages, a stylesheet, an image, a 404 and a redirect per shard.
    expect(got.rows).toHaveLength(2 * 16);
    expect(got.pageUrls).toEqual(pagesOfJobs(edition.jobIds));
    expect(got.pageUrls).toHaveLength(24);
    expect(got.manifest).toMatchObject({ title: `Community Health Demo Agency, ${YEAR} edition` });
    expect(got.pageUrls).toContain(got.manifest.mainPageUrl);
  });

  it("answers 404, 400 and 409 in the error envelope", async () => {
    const get = async (p: string) => {
      const r = await fetch(`${server.baseUrl}${p}`);
      return { status: r.status, body: await r.json() };
    };
    expect(await get("/api/exports/editions/9999.wacz")).toEqual({
      status: 404,
      body: { success: false, error: "NotFound", message: "annual edition 9999 does not exist" },
    });
    expect(await get("/api/exports/jobs/9999.wacz")).toMatchObject({
      status: 404,
      body: { error: "NotFound" },
    });
    const bad = await get("/api/exports/jobs/abc.wacz");
    expect(bad).toMatchObject({ status: 400, body: { success: false, error: "ValidationError" } });
    expect(bad.body.message).toMatch(/path parameter "id".*positive whole number/);
    await store.write((tx) =>
      tx.run(
        "INSERT INTO annual_editions (source_id, year, status, search_ready, research_ready, intended_url_count, captured_url_count, failed_url_count, excluded_url_count, created_at, updated_at) VALUES ((SELECT id FROM sources WHERE code = 'hc'), 2030, 'planned', 0, 0, 0, 0, 0, 0, 'x', 'x')",
      ),
    );
    const empty = store.get<{ id: number }>("SELECT id FROM annual_editions WHERE year = 2030")!.id;
    const planned = await get(`/api/exports/editions/${empty}.wacz`);
    expect(planned).toMatchObject({ status: 409, body: { error: "Conflict" } });
    expect(planned.body.message).toMatch(/no indexed crawl yet/);
  });

  it("is listed in the export manifest and documented in the OpenAPI document", async () => {
    const manifest = await (await fetch(`${server.baseUrl}/api/exports`)).json();
    expect(manifest.packages).toEqual({
      wacz: ["/api/exports/editions/{id}.wacz", "/api/exports/jobs/{id}.wacz"],
    });
    const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    for (const p of ["/api/exports/editions/{id}.wacz", "/api/exports/jobs/{id}.wacz"]) {
      const op = doc.paths[p]?.get;
      expect(op, p).toBeDefined();
      // 429 and 503 are what every /api GET may answer (server/core/openapi-contract.ts); a package
      // is built for each request and never stored, so no 304, and its 200 says no-store.
      expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "404", "409", "429", "503"]);
      expect(Object.keys(op.responses["200"].content)).toEqual(["application/wacz+zip"]);
      expect(op.responses["200"].headers["Cache-Control"].schema.enum).toEqual(["no-store"]);
    }
  });

  it("streams: while the client stops reading, the server stops reading the WARCs", async () => {
    // Bytes this process has read (files and sockets alike), from the kernel's own count.
    const readSoFar = () => Number(/rchar: (\d+)/.exec(readFileSync("/proc/self/io", "utf8"))![1]);
    const before = readSoFar();
    const { res, size } = await new Promise<{ res: http.IncomingMessage; size: number }>(
      (resolve, reject) => {
        http
          .get(`${server.baseUrl}/api/exports/jobs/${bigJob}.wacz`, (r) =>
            resolve({ res: r, size: Number(r.headers["content-length"]) }),
          )
          .on("error", reject);
      },
    );
    expect(size).toBeGreaterThan(24 * 1024 * 1024);
    let received = 0;
    await new Promise<void>((resolve) => {
      res.on("data", (c: Buffer) => {
        received += c.length;
        if (received >= 1024 * 1024 && !res.isPaused() && received - c.length < 1024 * 1024) {
          res.pause();
          resolve();
        }
      });
    });
    // Wait until the server has filled what buffers it has and stopped (the count stands still for 300 ms).
    let last = -1;
    for (let stable = 0; stable < 3; ) {
      const now = readSoFar();
      // Reading /proc/self/io counts too: a few hundred bytes a poll is standing still.
      stable = now - last < 64 * 1024 ? stable + 1 : 0;
      last = now;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(last - before).toBeLessThan(size / 2);
    res.resume();
    await new Promise((r) => res.on("end", r));
    expect(received).toBe(size);
  });
});

describe("chc archive export-wacz", () => {
  it("writes the package of one job to --out from its own process, beside the running server", async () => {
    const out = path.join(tmpDir("chc-wacz-cli-"), "job.wacz");
    const { stdout } = await run(
      process.execPath,
      nodeArgsFor("server/cli.ts", "archive", "export-wacz", "--job", String(loneJob), "--out", out),
      { env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "silent" } },
    );
    expect(stdout).toMatch(/^wrote .*job\.wacz: 1 WARC file\(s\), 3 page\(s\), \d+ bytes\n$/);
    const got = await checkPackage(await readZip(readFileSync(out)));
    expect(got.warcNames).toEqual([`job${loneJob}-00001.warc.gz`]);
    expect(got.pageUrls).toEqual(pagesOfJobs([loneJob]));
  }, 60_000);
});
