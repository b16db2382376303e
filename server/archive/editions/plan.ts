/**
 * Plans a source's edition of a year: the edition row, its target ledger (seeds, the sitemaps the
 * site publishes, last year's captured pages) and one queued shard job per shard key. Each step is
 * done once: planning again (after a restart, or from the calendar and the CLI) completes what is
 * missing and creates nothing twice. Shard jobs fetch exactly their ledger URLs (with what those
 * pages embed), so the capture manifest can be measured against the ledger. A site that does not
 * answer at all is not planned (SiteUnreachableError): the calendar tries again at its next check.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { JobConfig } from "../../../shared/archive/job-config.js";
import { publicAddressesOnly } from "../crawl/address-guard.js";
import { USER_AGENT } from "../crawl/crawler.js";
import { createFetcher } from "../crawl/http-fetch.js";
import { parseRobots } from "../crawl/robots.js";
import type { NewShardJob, SourceRow } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import {
  buildLedger,
  type Candidate,
  editionDir,
  LEDGER_FILE,
  type LedgerLine,
  ledgerCounts,
  readJsonLines,
  shardsOfLedger,
  writeJsonLines,
} from "./ledger.js";
import { refreshEdition } from "./refresh.js";
import { readSitemaps } from "./sitemaps.js";

export interface PlanDeps {
  store: StoreOrRepository;
  dataDir: string;
  shardMaxUrls: number;
  now: string;
}

export interface PlanResult {
  editionId: number;
  ledgerBuilt: boolean;
  intended: number;
  excluded: number;
  jobsCreated: number;
  notes: string[];
}

/** The site did not answer at all: planning it now would only record failures; try again later. */
export class SiteUnreachableError extends Error {}

// The bundled demo site is served on loopback; every other source is crawled on public addresses only.
const allowsPrivate = (source: SourceRow) => source.code === "demo";
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Reads robots.txt and the sitemaps, merges them with the seeds and last year's pages. */
export async function gatherLedger(
  seeds: string[],
  previous: { url: string; language: string | null }[],
  opts: { allowPrivate: boolean; maxShardUrls: number },
): Promise<{ lines: LedgerLine[]; notes: string[] }> {
  const origin = new URL(seeds[0]).origin;
  const fetcher = createFetcher({ policy: opts.allowPrivate ? null : publicAddressesOnly });
  const headers = { "User-Agent": USER_AGENT, Accept: "*/*", "Accept-Encoding": "identity" };
  const get = (url: string) => fetcher.fetch(url, headers, 30_000, 50 * 1024 * 1024);
  const notes: string[] = [];
  try {
    let robotsText: string | null = null;
    try {
      const res = await get(`${origin}/robots.txt`);
      if (res.status === 200) robotsText = res.body.toString("utf8");
    } catch (err) {
      throw new SiteUnreachableError(
        `${origin} did not answer (${String((err as Error).message ?? err).slice(0, 200)})`,
      );
    }
    const sitemaps = await readSitemaps(origin, robotsText, get);
    notes.push(...sitemaps.notes);
    const candidates: Candidate[] = [
      ...seeds.map((url): Candidate => ({ url, from: "seed" })),
      ...sitemaps.entries.map((e): Candidate => ({ url: e.url, from: "sitemap", language: e.language })),
      ...previous.map((p): Candidate => ({ url: p.url, from: "previous_edition", language: p.language })),
    ];
    const lines = buildLedger(candidates, {
      hosts: new Set(seeds.map((s) => new URL(s).hostname)),
      robots: robotsText ? parseRobots(robotsText, USER_AGENT) : null,
      maxShardUrls: opts.maxShardUrls,
    });
    return { lines, notes };
  } finally {
    fetcher.close();
  }
}

function shardJobConfig(source: SourceRow, urls: string[]): JobConfig {
  const origin = new URL(urls[0]).origin;
  return {
    seeds: urls,
    zimit_passthrough_args: [],
    tool_options: {
      initial_workers: 2,
      min_workers: 1,
      enable_adaptive_workers: true,
      stall_timeout_minutes: 30,
    },
    // Page requisites anywhere on the site are fetched; links are not followed.
    // A URL that answers 5xx or fails once is tried twice more (after 2 s, then 4 s) before it
    // counts as failed in the capture manifest.
    scope: {
      follow_links: false,
      url_attempts: SHARD_URL_ATTEMPTS,
      retry_backoff_ms: 2000,
      include: [`^${escapeRegExp(origin)}/`],
      ...(allowsPrivate(source) ? { allow_private: true, delay_ms: 0 } : { delay_ms: 500 }),
    },
  };
}

/** Tries of each ledger URL in a shard job (spec 001 §2: failed "after the retry budget"). */
export const SHARD_URL_ATTEMPTS = 3;

const slug = (key: string) =>
  key
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase() || "site";

export async function planEdition(deps: PlanDeps, source: SourceRow, year: number): Promise<PlanResult> {
  if (!source.base_url) throw new Error(`source ${source.code} has no base URL to start from`);
  const repo = asArchiveRepository(deps.store);
  let edition = await repo.findEdition(source.id, year);
  let lines: LedgerLine[];
  let notes: string[] = [];
  let ledgerBuilt = false;
  if (edition?.target_ledger_path) {
    lines = readJsonLines<LedgerLine>(edition.target_ledger_path);
  } else {
    // Gathered before the edition row exists, so a site that does not answer leaves nothing behind.
    const gathered = await gatherLedger(
      [source.base_url],
      await repo.capturedPagesOfEdition(source.id, year - 1),
      {
        allowPrivate: allowsPrivate(source),
        maxShardUrls: deps.shardMaxUrls,
      },
    );
    lines = gathered.lines;
    notes = gathered.notes;
    edition = await repo.ensureEdition(source.id, year, deps.now);
    const dir = editionDir(deps.dataDir, year, source.code);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, LEDGER_FILE);
    writeJsonLines(file, lines);
    ledgerBuilt = await repo.setEditionLedger(edition.id, file, ledgerCounts(lines), deps.now);
    edition = (await repo.findEdition(source.id, year))!;
    // Another planner got there first: its ledger is the one recorded.
    if (!ledgerBuilt) lines = readJsonLines<LedgerLine>(edition.target_ledger_path!);
  }
  const shards: NewShardJob[] = [...shardsOfLedger(lines)].map(([key, shardLines]) => ({
    name: `${source.code}-${year}-${slug(key)}`.slice(0, 200),
    shardKey: key,
    shardKind: "path-language",
    config: shardJobConfig(
      source,
      shardLines.map((l) => l.url),
    ),
  }));
  const jobsCreated = await repo.createShardJobs(edition, shards, deps.now);
  // New shards change the edition's status: one made of imported files alone was search-ready.
  if (jobsCreated) await refreshEdition(deps.store, deps.dataDir, edition.id, deps.now);
  return { editionId: edition.id, ledgerBuilt, ...ledgerCounts(lines), jobsCreated, notes };
}
