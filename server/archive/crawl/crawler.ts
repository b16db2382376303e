/**
 * The crawler: from the job's seeds, fetches in-scope pages with `initial_workers` concurrent
 * workers (stepping down toward `min_workers` when timeouts or HTTP errors pile up), honours
 * robots.txt and a per-host delay, caps pages, bytes and time, stops when stalled, and records
 * every exchange in gzipped WARC files under the job folder. Resumable: see capture-log.ts.
 * Files in the job folder: `<name>-NNNNN.warc.gz` (captures), `captures.jsonl` (resume log),
 * `.archive_state.json` (progress for operators and metrics, rewritten atomically).
 */

import { existsSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import type { LookupFunction } from "node:net";
import path from "node:path";
import type { JobConfig } from "../../../shared/archive/job-config.js";
import { extractCssLinks, extractLinks } from "../index/extract-page.js";
import { CAPTURE_LOG, STATE_FILE } from "../jobs/job-files.js";
import { captureText } from "../replay/capture-text.js";
import { type AddressPolicy, AddressRefusedError, publicAddressesOnly } from "./address-guard.js";
import { type CaptureLine, CaptureLog, readCaptureLog } from "./capture-log.js";
import { resumePoint } from "./crawl-resume.js";
import { assertPublicSeeds, buildScope, inScope, seedPrefix } from "./crawl-scope.js";
import { DEFAULT_MAX_DEPTH, repeatingPath, tooDeep } from "./crawl-traps.js";
import { createFetcher, FetchTimeoutError } from "./http-fetch.js";
import {
  ROBOTS_REDIRECTS,
  ROBOTS_UNREACHABLE,
  type RobotsAnswer,
  robotsAllows,
  robotsFromAnswer,
} from "./robots.js";
import { WarcWriter, type WrittenRecord } from "./warc-writer.js";

export const USER_AGENT = "chc-archive-bot/1.0 (+public-health web archive)";
export { CAPTURE_LOG, STATE_FILE } from "../jobs/job-files.js";

export interface CrawlStats {
  pagesCrawled: number;
  pagesFailed: number;
  pagesExcluded: number;
  pagesTotal: number;
  bytes: number;
  workers: number;
  workerReductions: number;
  warcFiles: string[];
  startedAt: string;
  lastProgressAt: string;
  resumed: boolean;
}

export interface CrawlResult {
  status: "success" | "failed";
  exitCode: number;
  stage: "finished" | "capped" | "stalled" | "aborted" | "error";
  reason?: string;
  stats: CrawlStats;
}

/** Where a capture's records sit in its WARC file, as its capture log line names them. */
const placeOf = (w: WrittenRecord) => ({ f: w.file, o: w.offset, l: w.length, p: w.pairLength });

export interface CrawlOptions {
  jobDir: string;
  warcPrefix: string;
  config: JobConfig;
  signal?: AbortSignal;
  onProgress?: (stats: CrawlStats) => void;
  fetchTimeoutMs?: number;
  /** A response's body beyond this is cut, and its record marked truncated (default 50 MiB). */
  maxResponseBytes?: number;
  /**
   * Which addresses a job without allow_private may reach (default: public ones only) and the DNS
   * lookup its sockets use. Tests on a machine without the Internet let a loopback address stand
   * in for a public site here; jobs themselves can only set allow_private.
   */
  network?: { policy?: AddressPolicy; lookup?: LookupFunction };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A write to the job folder failed (a full disk, a quota, a read-only or lost mount): the crawl
 * stops at once, as nothing more it fetches could be kept. Captures already logged stay valid.
 */
export class CrawlWriteError extends Error {
  constructor(what: string, err: unknown) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === "ENOSPC" || code === "EDQUOT"
        ? "the disk of ARCHIVE_WARC_DIR is full"
        : `the job folder could not be written (${code ?? String((err as Error).message ?? err)})`;
    super(`crawl stopped: ${why} while writing ${what}; free space there and retry the job to resume it`);
    this.name = "CrawlWriteError";
  }
}

/**
 * Why a crawl's signal aborted when its job is no longer its own (failed as interrupted under it,
 * retried and claimed by another worker): the crawl stops at once and writes nothing more to the
 * job folder (WARC, capture log, state file), which is the new crawl's now.
 */
export class JobLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobLostError";
  }
}

/** Runs a write to the job folder; its failure becomes a CrawlWriteError naming what was written. */
function writing<T>(what: string, write: () => T): T {
  try {
    return write();
  } catch (err) {
    throw err instanceof CrawlWriteError ? err : new CrawlWriteError(what, err);
  }
}

export async function runCrawl(opts: CrawlOptions): Promise<CrawlResult> {
  const { config, jobDir } = opts;
  const t = config.tool_options;
  const sc = config.scope;
  mkdirSync(jobDir, { recursive: true });
  const policy = sc.allow_private ? null : (opts.network?.policy ?? publicAddressesOnly);
  const lookup = opts.network?.lookup;
  await assertPublicSeeds(config.seeds, policy, lookup);
  /** Whether the job was taken from this crawl (JobLostError): then nothing more is written. */
  const lost = () => opts.signal?.aborted === true && opts.signal.reason instanceof JobLostError;
  if (lost()) throw opts.signal?.reason;
  const scope = buildScope(config.seeds, sc.include, sc.exclude);
  const maxPages = sc.max_pages ?? 10_000;
  const maxDepth = sc.max_depth ?? DEFAULT_MAX_DEPTH;
  const maxBytes = sc.max_bytes ?? 2 * 1024 ** 3;
  const deadline = Date.now() + (sc.max_minutes ?? 24 * 60) * 60_000;
  const stallMs = (t.stall_timeout_minutes ?? 30) * 60_000;
  const delayMs = sc.delay_ms ?? 250;
  const minWorkers = t.min_workers ?? 1;
  const adaptive = t.enable_adaptive_workers ?? true;

  // Rebuild done set, frontier and robots rules from the capture log (empty on a first run).
  const logFile = path.join(jobDir, CAPTURE_LOG);
  const previous = readCaptureLog(logFile);
  const initialSeeds = config.seeds.map((seed) => inScope(scope, seed) ?? seed);
  const resume = resumePoint(previous, initialSeeds);
  const { done, seen, frontier, validEnd, depth } = resume;
  // A seed that redirects out of its scope (an old domain moved to canada.ca) makes the target a
  // seed: the site the operator named now lives there. The capture log keeps where each seed's
  // redirect led (`to`), so a resumed crawl has the same scope.
  const seeds = new Set(initialSeeds);
  const seedMoved = (target: string) => {
    seeds.add(target);
    scope.prefixes.push(seedPrefix(target));
  };
  for (const target of resume.movedSeeds) seedMoved(target);
  const robots = new Map<string, Promise<RobotsAnswer>>();
  for (const [origin, answer] of resume.robots)
    robots.set(origin, Promise.resolve(robotsFromAnswer(answer.status, answer.text, USER_AGENT)));
  const now = new Date().toISOString();
  const stats: CrawlStats = {
    pagesCrawled: resume.pagesCrawled,
    pagesFailed: 0,
    pagesExcluded: resume.pagesExcluded,
    pagesTotal: 0,
    bytes: resume.bytes,
    workers: t.initial_workers ?? 2,
    workerReductions: 0,
    warcFiles: [],
    startedAt: now,
    lastProgressAt: now,
    resumed: previous.length > 0,
  };
  const discover = (u: string, at: number) => {
    if (seen.has(u)) return false;
    seen.add(u);
    depth.set(u, at);
    frontier.push(u);
    return true;
  };
  /** A trap's address is seen once and logged as excluded, never fetched. */
  const cutTrap = (u: string, why: string) => {
    if (seen.has(u)) return;
    seen.add(u);
    record({ u, k: "excluded", t: new Date().toISOString(), e: why });
    stats.pagesExcluded++;
  };
  // Links past max_depth, held until the crawl ends: with several workers a shallower page may
  // still link one of them, and then it is fetched after all. Those left are logged at the end.
  const tooDeepLinks = new Set<string>();

  const files = [...validEnd.keys()].sort();
  const lastFile = files.at(-1);
  const lastSeq = lastFile ? Number(/-(\d+)\.warc\.gz$/.exec(lastFile)?.[1] ?? 1) : 1;
  const writer = new WarcWriter(jobDir, opts.warcPrefix, lastSeq);
  // A WARC file with no logged capture (killed right after it was opened) is started afresh.
  const orphan = path.join(jobDir, WarcWriter.fileName(opts.warcPrefix, lastFile ? lastSeq + 1 : 1));
  if (existsSync(orphan)) unlinkSync(orphan);
  if (lastFile) writer.resume(lastFile, validEnd.get(lastFile)!);
  stats.warcFiles = files;
  const log = new CaptureLog(logFile);

  // Why the workers stop (null while they go on), and the error that failed the crawl, if any.
  const halt: { stage: CrawlResult["stage"] | null } = { stage: null };
  let fatal: unknown = null;
  /**
   * Once the crawl has failed, its other workers fetch and write nothing more: they stop there.
   * Once its job is lost, nothing more is written at all.
   */
  const stillGoing = () => {
    if (lost()) throw opts.signal?.reason;
    if (fatal) throw fatal;
  };

  const record = (line: CaptureLine) => {
    stillGoing();
    writing(CAPTURE_LOG, () => log.append(line));
    done.add(line.u);
    if (line.f && !stats.warcFiles.includes(line.f)) stats.warcFiles.push(line.f);
  };

  const saveState = (status: string, stage: string) => {
    if (lost()) throw opts.signal?.reason;
    stats.pagesTotal = seen.size;
    const tmp = path.join(jobDir, `${STATE_FILE}.tmp`);
    writing(STATE_FILE, () => {
      writeFileSync(
        tmp,
        JSON.stringify(
          {
            version: 1,
            status,
            stage,
            updatedAt: new Date().toISOString(),
            frontier: frontier.length,
            stats,
          },
          null,
          1,
        ),
      );
      renameSync(tmp, path.join(jobDir, STATE_FILE));
    });
  };

  // Requests to one origin are spaced by the job's delay, or the site's robots.txt Crawl-delay
  // for us (or `*`) when longer (capped at MAX_CRAWL_DELAY_MS).
  const lastAt = new Map<string, number>();
  const crawlDelay = new Map<string, number>();
  const politeWait = async (origin: string) => {
    const gap = Math.max(delayMs, crawlDelay.get(origin) ?? 0);
    const last = lastAt.get(origin);
    const at = last === undefined ? Date.now() : Math.max(Date.now(), last + gap);
    lastAt.set(origin, at);
    if (at > Date.now()) await sleep(at - Date.now());
  };
  const headers = { "User-Agent": USER_AGENT, Accept: "*/*", "Accept-Encoding": "identity" };
  const timeoutMs = opts.fetchTimeoutMs ?? 30_000;
  const fetcher = createFetcher({ policy, lookup });
  // The job taken from this crawl: the fetches under way end now, and the WARC file is closed, so
  // an append still making its records writes nothing (warc-writer.ts).
  const onLost = () => {
    if (!lost()) return;
    halt.stage ??= "aborted";
    fetcher.close();
    try {
      writer.close();
    } catch {
      // Its file is the new crawl's now: whether its last bytes reached the disk is not ours to say.
    }
  };
  opts.signal?.addEventListener("abort", onLost);

  const fetchOnce = async (url: string) => {
    await politeWait(new URL(url).origin);
    stillGoing();
    const date = new Date().toISOString();
    const res = await fetcher.fetch(url, headers, timeoutMs, opts.maxResponseBytes ?? 50 * 1024 * 1024);
    return { res, date };
  };
  const writeWarc = async (x: Parameters<WarcWriter["append"]>[0]) => {
    stillGoing();
    try {
      return await writer.append(x);
    } catch (err) {
      throw new CrawlWriteError(writer.fileName || "a WARC file", err);
    }
  };
  const capture = async (url: string) => store(url, await fetchOnce(url));
  const store = async (url: string, { res, date }: Awaited<ReturnType<typeof fetchOnce>>) => {
    const written = await writeWarc({
      url,
      date,
      method: "GET",
      requestHeaders: headers,
      status: res.status,
      statusText: res.statusText,
      responseHeaders: res.headers,
      body: res.body,
      truncated: res.truncated,
    });
    return { res, written, date };
  };

  /** Captures a robots.txt (and the redirects to it), recording each answer; its rules. */
  const fetchRobots = async (url: string, hops = 0): Promise<RobotsAnswer> => {
    const { res, written, date } = await capture(url);
    const type = res.headers.find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
    const text = res.status >= 200 && res.status < 300 ? captureText(res.body, type) : "";
    const location = res.headers.find(([k]) => k.toLowerCase() === "location")?.[1];
    const to =
      res.status >= 300 && res.status < 400 && location && hops < ROBOTS_REDIRECTS
        ? new URL(location, url).href
        : undefined;
    record({
      u: url,
      k: "robots",
      t: date,
      ...placeOf(written),
      s: res.status,
      r: text,
      ...(to ? { to } : {}),
    });
    return to ? fetchRobots(to, hops + 1) : robotsFromAnswer(res.status, text, USER_AGENT);
  };

  const robotsFor = (origin: string): Promise<RobotsAnswer> => {
    if (sc.respect_robots === false) return Promise.resolve(null);
    let p = robots.get(origin);
    if (!p) {
      const url = `${origin}/robots.txt`;
      // No answer at all is a site that could not say what it allows: nothing is crawled. An
      // address our own guard refuses is not the site's silence: its pages are refused in turn,
      // each with that reason in the log.
      p = done.has(url)
        ? Promise.resolve(null)
        : fetchRobots(url).catch((err) => {
            if (err instanceof CrawlWriteError || fatal || lost()) throw err;
            return err instanceof AddressRefusedError ? null : ROBOTS_UNREACHABLE;
          });
      robots.set(origin, p);
    }
    return p;
  };

  // Error window for adaptive workers: the outcomes of the last 50 fetches.
  const window: ("ok" | "timeout" | "http")[] = [];
  const noteOutcome = (o: "ok" | "timeout" | "http") => {
    window.push(o);
    if (window.length > 50) window.shift();
    const timeouts = window.filter((x) => x === "timeout").length;
    const httpErrors = window.filter((x) => x === "http").length;
    if (
      adaptive &&
      stats.workers > minWorkers &&
      stats.workerReductions < (t.max_worker_reductions ?? 3) &&
      (timeouts >= (t.error_threshold_timeout ?? 5) || httpErrors >= (t.error_threshold_http ?? 10))
    ) {
      stats.workers -= 1;
      stats.workerReductions += 1;
      window.length = 0;
    }
  };

  // The retry budget: a 5xx or 429 answer or a failed fetch is tried again after a doubling wait,
  // until the budget is spent; only the last answer is written to the WARC file.
  const attemptsAllowed = sc.url_attempts ?? 1;
  const backoffMs = sc.retry_backoff_ms ?? 1000;
  const fetchWithRetries = async (url: string, onAttempt: (n: number) => void) => {
    for (let attempt = 1; ; attempt++) {
      onAttempt(attempt);
      const last = attempt >= attemptsAllowed || opts.signal?.aborted;
      try {
        const fetched = await fetchOnce(url);
        const status = fetched.res.status;
        if (last || (status < 500 && status !== 429)) return fetched;
        noteOutcome("http");
      } catch (err) {
        if (last) throw err;
        noteOutcome(err instanceof FetchTimeoutError ? "timeout" : "http");
      }
      await sleep(backoffMs * 2 ** (attempt - 1));
    }
  };

  const processUrl = async (url: string) => {
    const u = new URL(url);
    const rules = await robotsFor(u.origin);
    if (rules && rules !== ROBOTS_UNREACHABLE && rules.crawlDelayMs)
      crawlDelay.set(u.origin, rules.crawlDelayMs);
    if (rules === ROBOTS_UNREACHABLE) {
      record({ u: url, k: "error", t: new Date().toISOString(), e: "robots.txt could not be read" });
      stats.pagesFailed++;
      return;
    }
    if (!robotsAllows(rules, u)) {
      record({ u: url, k: "excluded", t: new Date().toISOString(), e: "robots.txt" });
      stats.pagesExcluded++;
      return;
    }
    if (done.has(url)) return; // robots.txt itself, linked as a page
    let attempts = 0;
    try {
      const fetched = await fetchWithRetries(url, (n) => {
        attempts = n;
      });
      const { res, date } = fetched;
      const { written } = await store(url, fetched);
      const type = res.headers.find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
      let links: string[] = [];
      const below = (depth.get(url) ?? 0) + 1;
      // At the depth limit a page is kept whole (what it embeds) but its links are not followed.
      const atLimit = below > maxDepth && sc.follow_links !== false;
      const embedsOnly = sc.follow_links === false || atLimit;
      let notFollowed: string[] = [];
      if (/html/i.test(type)) {
        const html = captureText(res.body, type);
        links = extractLinks(html, url, { embedsOnly });
        if (atLimit) {
          const embeds = new Set(links);
          notFollowed = extractLinks(html, url).filter((l) => !embeds.has(l));
        }
      } else if (/css/i.test(type)) links = extractCssLinks(captureText(res.body, type), url);
      const location = res.headers.find(([k]) => k.toLowerCase() === "location")?.[1];
      let movedTo: string | undefined;
      if (res.status >= 300 && res.status < 400 && location) {
        const target = new URL(location, url);
        target.hash = "";
        links.push(target.href);
        if (seeds.has(url) && !inScope(scope, target.href) && /^https?:$/.test(target.protocol)) {
          movedTo = target.href;
          seedMoved(movedTo);
        }
      }
      const fresh: string[] = [];
      // The seed's new home is a seed itself: depth 0, as the seed's own pages were.
      if (movedTo && discover(movedTo, 0)) fresh.push(movedTo);
      for (const l of links) {
        const s = inScope(scope, l);
        if (!s) continue;
        const trap = repeatingPath(s);
        if (trap) cutTrap(s, trap);
        else if (discover(s, below)) fresh.push(s);
      }
      for (const l of notFollowed) {
        const s = inScope(scope, l);
        if (s && !seen.has(s)) tooDeepLinks.add(s);
      }
      record({
        u: url,
        k: "page",
        t: date,
        ...placeOf(written),
        s: res.status,
        b: res.body.length,
        n: fresh,
        a: attempts,
        ...(movedTo ? { to: movedTo } : {}),
      });
      stats.pagesCrawled++;
      stats.bytes += res.body.length;
      noteOutcome(res.status >= 500 || res.status === 429 ? "http" : "ok");
    } catch (err) {
      // A failed write ends the crawl (the page is fetched again on resume), not just this page.
      if (err instanceof CrawlWriteError || fatal || lost()) throw err;
      record({
        u: url,
        k: "error",
        t: new Date().toISOString(),
        e: String((err as Error).message ?? err).slice(0, 300),
        a: attempts,
      });
      stats.pagesFailed++;
      noteOutcome(err instanceof FetchTimeoutError ? "timeout" : "http");
    }
    stats.lastProgressAt = new Date().toISOString();
    opts.onProgress?.(stats);
  };

  let inflight = 0;
  const worker = async (index: number) => {
    while (!halt.stage && index < stats.workers) {
      if (opts.signal?.aborted) halt.stage = "aborted";
      else if (Date.now() > deadline || stats.bytes >= maxBytes) halt.stage = "capped";
      else if (Date.now() - Date.parse(stats.lastProgressAt) > stallMs) halt.stage = "stalled";
      if (halt.stage) break;
      if (stats.pagesCrawled + inflight >= maxPages) {
        if (inflight === 0) halt.stage = "capped";
        await sleep(10);
        continue;
      }
      const url = frontier.shift();
      if (!url) {
        if (inflight === 0) break;
        await sleep(10);
        continue;
      }
      inflight++;
      try {
        await processUrl(url);
      } finally {
        inflight--;
      }
    }
  };

  // A write that fails in the monitor's timer stops the workers (thrown there, it would end the
  // whole process: the server and every API with it).
  const failWrite = (err: unknown) => {
    fatal ??= err;
    halt.stage ??= "error";
  };
  const monitor = setInterval(
    () => {
      try {
        saveState("running", "crawling");
      } catch (err) {
        failWrite(err);
      }
    },
    (t.monitor_interval_seconds ?? 2) * 1000,
  );
  let workers: Promise<void>[] = [];
  try {
    saveState("running", "crawling");
    workers = Array.from({ length: stats.workers }, (_, i) => worker(i));
    await Promise.all(workers);
  } catch (err) {
    failWrite(err);
    // The other workers stop at their next step; none may still be writing when the writer closes.
    await Promise.allSettled(workers);
  } finally {
    opts.signal?.removeEventListener("abort", onLost);
    clearInterval(monitor);
    fetcher.close();
    try {
      writer.close();
    } catch (err) {
      if (!fatal) failWrite(new CrawlWriteError(writer.fileName || "a WARC file", err));
    }
  }
  if (!halt.stage && frontier.length > 0 && !fatal) halt.stage = "capped";
  // Not when the crawl stopped short (a resumed one may still find them nearer the seeds).
  try {
    if (!fatal && (halt.stage === null || halt.stage === "capped"))
      for (const u of tooDeepLinks) cutTrap(u, tooDeep(maxDepth));
  } catch (err) {
    failWrite(err);
  }
  const nothing = stats.pagesCrawled === 0;
  const outcome = () => {
    const stage: CrawlResult["stage"] = fatal ? "error" : (halt.stage ?? "finished");
    return { stage, ok: (stage === "finished" || stage === "capped") && !nothing };
  };
  try {
    const ending = outcome();
    saveState(ending.ok ? "finished" : "failed", ending.stage);
  } catch (err) {
    // The state file could not say how the crawl ended: the job fails, naming the disk.
    failWrite(err);
  }
  const { stage } = outcome();
  const ok = stage === "finished" || stage === "capped";
  return {
    status: ok && !nothing ? "success" : "failed",
    exitCode: ok && !nothing ? 0 : stage === "stalled" ? 3 : stage === "aborted" ? 130 : 1,
    stage,
    reason: fatal
      ? String((fatal as Error).message ?? fatal)
      : nothing
        ? "no page could be fetched"
        : undefined,
    stats,
  };
}
