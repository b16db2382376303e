/**
 * An annual edition made the way a crawl makes one, without the network: its shard jobs get WARC
 * files written by the crawler's own WarcWriter (small EN/FR pages linking to each other, a
 * stylesheet, an image, a page that answered 404 and a redirect), then are indexed by the real
 * indexer. Used by the WACZ and ZIM tests and by `npm run bench` (bench/offline.ts).
 */
import { mkdirSync } from "node:fs";
import { WarcWriter } from "../../../server/archive/crawl/warc-writer.js";
import { indexJobById } from "../../../server/archive/jobs/job-runner.js";
import { createJob, transitionJob } from "../../../server/archive/jobs/jobs-store.js";
import type { Store } from "../../../server/db/types.js";
import { parseJobConfig } from "../../../shared/archive/job-config.js";

export const SITE = "https://demo-health.example.ca";
const iso = () => new Date().toISOString();
const html = [["Content-Type", "text/html; charset=utf-8"]] as [string, string][];

export const pageUrl = (shard: number, i: number) =>
  `${SITE}/${i % 2 ? "fr" : "en"}/s${shard}/page-${i}.html`;

function pageBody(shard: number, i: number, pages: number, padding: number): string {
  const lang = i % 2 ? "fr" : "en";
  const title = lang === "fr" ? `Avis de santé ${shard}-${i}` : `Health notice ${shard}-${i}`;
  const next = `/${(i + 1) % 2 ? "fr" : "en"}/s${shard}/page-${(i + 1) % pages}.html`;
  const words =
    lang === "fr" ? "Lavez-vous les mains et faites-vous vacciner. " : "Wash your hands and get vaccinated. ";
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="/css/site.css"></head><body><main><h1>${title}</h1>
<img src="/images/logo.png" alt="logo"><p>${words.repeat(Math.max(1, padding))}</p>
<a href="${next}">next</a> <a href="${SITE}/en/s${shard}/page-0.html#top">first</a> <a href="https://elsewhere.example.org/">elsewhere</a>
</main></body></html>`;
}

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082",
  "hex",
);

export interface EditionFixture {
  editionId: number;
  jobIds: number[];
}

/** One shard job: `pages` HTML pages plus resources, 404 and redirect, crawled and indexed. */
export async function seedShardJob(
  store: Store,
  dataDir: string,
  opts: {
    editionId: number | null;
    shard: number;
    pages: number;
    padding?: number;
    extra?: (w: WarcWriter) => Promise<void>;
  },
): Promise<number> {
  const config = parseJobConfig({ seeds: [`${SITE}/en/`], scope: { allow_private: true } });
  if (!config.ok) throw new Error(config.message);
  const job = await createJob(
    store,
    dataDir,
    {
      sourceCode: "demo",
      name: `demo-shard-${opts.shard}`,
      config: config.config,
      editionId: opts.editionId,
      shardKey: opts.editionId ? `demo:fixture:${opts.shard}` : null,
      shardKind: opts.editionId ? "path-language" : null,
    },
    iso(),
  );
  await transitionJob(store, job.id, "start", iso(), 3);
  mkdirSync(job.output_dir, { recursive: true });
  const writer = new WarcWriter(job.output_dir, `job${job.id}`, 1);
  const at = (k: number) => new Date(Date.UTC(2026, 0, 19, 10, 0, k)).toISOString();
  const get = (url: string, k: number, status: number, headers: [string, string][], body: string | Buffer) =>
    writer.append({
      url,
      date: at(k),
      method: "GET",
      requestHeaders: { "User-Agent": "chc-archive-bot/1.0" },
      status,
      statusText: status === 200 ? "OK" : status === 404 ? "Not Found" : "Moved Permanently",
      responseHeaders: headers,
      body: typeof body === "string" ? Buffer.from(body) : body,
    });
  for (let i = 0; i < opts.pages; i++)
    await get(pageUrl(opts.shard, i), i, 200, html, pageBody(opts.shard, i, opts.pages, opts.padding ?? 3));
  await get(`${SITE}/css/site.css`, 0, 200, [["Content-Type", "text/css"]], "body{font-family:sans-serif}");
  await get(`${SITE}/images/logo.png`, 0, 200, [["Content-Type", "image/png"]], PNG);
  await get(
    `${SITE}/en/s${opts.shard}/gone.html`,
    0,
    404,
    html,
    "<!doctype html><title>Not found</title><p>Gone</p>",
  );
  await get(
    `${SITE}/en/s${opts.shard}/old.html`,
    0,
    301,
    [["Location", pageUrl(opts.shard, 0)], ...html],
    "",
  );
  await opts.extra?.(writer);
  writer.close();
  await transitionJob(store, job.id, "crawl_succeeded", iso(), 3, {
    pages_total: opts.pages,
    pages_crawled: opts.pages,
  });
  const done = await indexJobById({ store, maxRetries: 3 }, job.id);
  if (done.status !== "indexed")
    throw new Error(`fixture job ${job.id} did not index: ${done.last_stats_json}`);
  return job.id;
}

/** An edition of the demo source for `year` with `shards` shard jobs of `pages` pages each. */
export async function seedEdition(
  store: Store,
  dataDir: string,
  opts: {
    year: number;
    shards: number;
    pages: number;
    padding?: number;
    /** More records written into each shard's WARC (see seedShardJob). */
    extra?: (w: WarcWriter) => Promise<void>;
  },
): Promise<EditionFixture> {
  const now = iso();
  const editionId = await store.write((tx) => {
    const source = tx.get<{ id: number }>("SELECT id FROM sources WHERE code = 'demo'")!;
    return tx.run(
      `INSERT INTO annual_editions (source_id, year, status, search_ready, research_ready, intended_url_count, captured_url_count,
         failed_url_count, excluded_url_count, created_at, updated_at) VALUES (?, ?, 'in_progress', 0, 0, 0, 0, 0, 0, ?, ?)`,
      [source.id, opts.year, now, now],
    ).lastInsertRowid;
  });
  const jobIds: number[] = [];
  for (let shard = 1; shard <= opts.shards; shard++)
    jobIds.push(
      await seedShardJob(store, dataDir, {
        editionId,
        shard,
        pages: opts.pages,
        padding: opts.padding,
        extra: opts.extra,
      }),
    );
  return { editionId, jobIds };
}
