/**
 * A generated corpus for search tests: pages built from the demo site's English and French
 * public-health sentences, written to a real WARC and indexed by the real indexer. Each URL is
 * captured twice; some second captures repeat the first body (duplicates), some answer 404.
 */
import { mkdirSync } from "node:fs";
import { moreTopics } from "../../../server/archive/crawl/demo-site/more-topics.js";
import { topics } from "../../../server/archive/crawl/demo-site/topics.js";
import { WarcWriter } from "../../../server/archive/crawl/warc-writer.js";
import { indexJob } from "../../../server/archive/index/indexer.js";
import { createJob } from "../../../server/archive/jobs/jobs-store.js";
import type { Store } from "../../../server/db/types.js";
import { parseJobConfig } from "../../../shared/archive/job-config.js";

const pools = (["en", "fr"] as const).map((lang) =>
  [...topics, ...moreTopics].flatMap((t) => [
    t[lang].summary,
    t[lang].advice,
    ...t[lang].prevention,
    ...t[lang].signs.map((s) => `${t[lang].name}: ${s}.`),
  ]),
);
const names = (["en", "fr"] as const).map((lang) => [...topics, ...moreTopics].map((t) => t[lang].name));

/** A deterministic page: a topic name as title and a few sentences of the page's language. */
function page(i: number, lang: 0 | 1, words: number): string {
  let seed = (i + 7) * 2654435761;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pool = pools[lang];
  const paras: string[] = [];
  let n = 0;
  while (n < words) {
    const s = pool[Math.floor(rnd() * pool.length)];
    paras.push(`<p>${s}</p>`);
    n += s.split(/\s+/).length;
  }
  const title = names[lang][i % names[lang].length];
  return `<!doctype html><html lang="${lang ? "fr" : "en"}"><head><title>${title} ${i}</title></head><body><main>${paras.join("")}</main></body></html>`;
}

/** Writes `count` captures (URLs 0..count/2, two captures each) as one job and indexes it. */
export async function indexGeneratedJob(
  store: Store,
  dataDir: string,
  opts: { count: number; first: number; day: string; words?: number },
): Promise<number> {
  const parsed = parseJobConfig({ seeds: ["http://corpus.example/"], scope: { allow_private: true } });
  if (!parsed.ok) throw new Error(parsed.message);
  const job = await createJob(
    store,
    dataDir,
    { sourceCode: "demo", name: `corpus-${opts.first}`, config: parsed.config },
    new Date().toISOString(),
  );
  mkdirSync(job.output_dir, { recursive: true });
  const writer = new WarcWriter(job.output_dir, "corpus", 1);
  const enc = new TextEncoder();
  const urls = Math.ceil(opts.count / 2);
  for (let k = 0; k < opts.count; k++) {
    const i = opts.first + k;
    const u = opts.first + (k % urls);
    const lang = (u % 2) as 0 | 1;
    // Second captures: every 5th repeats the first body (a duplicate), every 7th is a 404.
    const second = k >= urls;
    const body = page(second && u % 5 === 0 ? u : i, lang, opts.words ?? 120);
    const status = second && u % 7 === 0 ? 404 : 200;
    await writer.append({
      url: `http://corpus.example/${lang ? "fr" : "en"}/p${u}.html${u % 9 === 0 ? "?print=1" : ""}`,
      date: new Date(Date.parse(opts.day) + k * 60_000 - (k % 3) * 60_000).toISOString(),
      method: "GET",
      requestHeaders: {},
      status,
      statusText: status === 200 ? "OK" : "Not Found",
      responseHeaders: [["Content-Type", "text/html; charset=utf-8"]],
      body: enc.encode(body),
    });
  }
  writer.close();
  const res = await indexJob(store, job, () => new Date().toISOString());
  return res.snapshots;
}
