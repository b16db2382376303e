/**
 * PDF documents a crawl captured (public-health guidance often is a PDF) are searched by their
 * words and title, shown as PDFs, and replayed as captured. A malformed PDF is left out of search
 * with its reason in the job's stats, and the rest of the crawl is indexed. A real crawl of a
 * local site, the real indexer, the real server and its replay listener on loopback.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { crawlJob, indexJobById } from "../../server/archive/jobs/job-runner.js";
import { defaultWarcRoot } from "../../server/archive/jobs/warc-paths.js";
import { archivePgMigrations } from "../../server/archive/migrations/pg/index.js";
import type { ArchiveRepository } from "../../server/archive/repository.js";
import { archiveRepository } from "../../server/archive/repository-of.js";
import { createPgArchiveRepository } from "../../server/archive/repository-pg/index.js";
import { pgUpgrade } from "../../server/db/pg/migrations.js";
import { createPgPool } from "../../server/db/pg/pool.js";
import { createStore } from "../../server/db/store.js";
import { minimalPdf } from "../helpers/archive/minimal-pdf.js";
import { BACKENDS, type Backend, pgBackend } from "../helpers/pg-backend.js";
import { scratchDir } from "../helpers/scratch-dir.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const GUIDANCE = minimalPdf({
  title: "Measles vaccination guidance for clinicians",
  pages: [["Second dose schedule for children"], ["Contraindications include immunosuppression"]],
});
// No Title in its document information: its first line of text names it.
const UNTITLED = minimalPdf({
  pages: [["Avis de chaleur accablante", "Restez au frais et buvez de l'eau pour la santé des aînés"]],
});

const PAGES = {
  "/site/": {
    type: "text/html",
    body: '<!doctype html><html lang="en"><head><title>Guidance</title></head><body><main><p>Documents.</p><a href="/site/measles-guide.pdf">Measles</a> <a href="/site/chaleur.pdf">Chaleur</a> <a href="/site/broken.pdf">Broken</a></main></body></html>',
  },
  "/site/measles-guide.pdf": { type: "application/pdf", body: GUIDANCE },
  "/site/chaleur.pdf": { type: "application/pdf", body: UNTITLED },
  "/site/broken.pdf": { type: "application/pdf", body: "%PDF-1.4\nthis is not a PDF at all\n%%EOF\n" },
};

/** The site served on loopback just long enough to crawl it into `repo` and index it there. */
async function captureInto(repo: ArchiveRepository) {
  const site = http.createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? "/", "http://x").pathname as keyof typeof PAGES];
    if (!page) return void res.writeHead(404).end();
    const body = typeof page.body === "string" ? Buffer.from(page.body) : page.body;
    res.writeHead(200, { "Content-Type": page.type, "Content-Length": body.byteLength }).end(body);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  try {
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const job = await repo.createJob(
      {
        sourceCode: "demo",
        name: "pdf-fixture",
        config: {
          seeds: [`${origin}/site/`],
          zimit_passthrough_args: [],
          tool_options: { initial_workers: 2 },
          scope: { allow_private: true, delay_ms: 0 },
        },
      },
      new Date().toISOString(),
    );
    await crawlJob({ store: repo, maxRetries: 0 }, job.id);
    const indexed = await indexJobById({ store: repo, maxRetries: 0 }, job.id);
    return { origin, status: indexed.status, stats: JSON.parse(indexed.last_stats_json ?? "{}") };
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
}

const backend = pgBackend();
afterAll(() => backend.close());

describe.each(BACKENDS)("PDF documents in the archive (%s)", (kind: Backend) => {
  const archive = createArchiveModule();
  const site = { origin: "", baseUrl: "", stats: {} as Record<string, unknown>, status: "" };
  let server: TestServer | undefined;
  beforeAll(async () => {
    const dataDir = scratchDir("chc-pdf-search-");
    const databaseUrl = await backend.databaseUrl(kind);
    if (databaseUrl) {
      const pool = createPgPool({ url: databaseUrl, schema: "archive", size: 2 });
      try {
        await pgUpgrade(pool, "archive", archivePgMigrations);
        Object.assign(site, await captureInto(createPgArchiveRepository(pool, defaultWarcRoot(dataDir))));
      } finally {
        await pool.end();
      }
    } else {
      const store = await createStore({ dataDir, name: "archive", migrations: archive.migrations });
      try {
        Object.assign(site, await captureInto(archiveRepository(store)));
      } finally {
        await store.close();
      }
    }
    server = await startTestServer({ dataDir, modules: [archive], databaseUrl });
    site.baseUrl = server.baseUrl;
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  interface Hit {
    title: string;
    snippet: string;
    originalUrl: string;
    mimeType: string | null;
    replayUrl: string | null;
    language: string | null;
  }
  const search = async (q: string) =>
    (await (await fetch(`${site.baseUrl}/api/search?q=${encodeURIComponent(q)}`)).json()) as {
      results: Hit[];
    };

  it("are found by their words and their title, as PDFs", async () => {
    const hits = (await search("immunosuppression")).results;
    expect(hits.map((h) => h.originalUrl)).toEqual([`${site.origin}/site/measles-guide.pdf`]);
    expect(hits[0]).toMatchObject({
      title: "Measles vaccination guidance for clinicians",
      mimeType: "application/pdf",
    });
    expect(hits[0].snippet).toContain("Second dose schedule");
    expect((await search("clinicians")).results.map((h) => h.originalUrl)).toEqual([
      `${site.origin}/site/measles-guide.pdf`,
    ]);
  });

  it("take their first line as a title when they have none, and their language from their words", async () => {
    const hits = (await search("chaleur accablante")).results;
    expect(hits.map((h) => [h.title, h.mimeType, h.language])).toEqual([
      ["Avis de chaleur accablante", "application/pdf", "fr"],
    ]);
  });

  it("are replayed as the document captured", async () => {
    const [hit] = (await search("immunosuppression")).results;
    const res = await fetch(hit.replayUrl as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(GUIDANCE))).toBe(true);
  });

  it("leave a malformed PDF out of search, with the reason in the job's stats", async () => {
    expect((await search("broken.pdf")).results).toEqual([]);
    expect(site.status).toBe("indexed");
    expect(site.stats.index_unreadable).toEqual([
      { url: `${site.origin}/site/broken.pdf`, reason: expect.stringMatching(/^unreadable: /) },
    ]);
  });
});
