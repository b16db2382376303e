/**
 * The replay listener (REPLAY_PORT), a separate origin so archived HTML never runs on the app's
 * origin. `GET /` answers 200; `GET /job-<id>/<original URL>` serves the capture from the WARC
 * (latest, or nearest to `?ts=`), rewritten to stay in the collection; `?marks-since=<snapshot id>`
 * marks in an HTML capture the passages it added since that other capture of the page (the
 * archive's own diff, replay-marks.ts). Every answer carries a
 * sandboxing CSP (see replay-answers.ts): replayed pages run no script and have an opaque origin,
 * so they can neither leave the archive nor touch the app's cookies even on the same host. In production replay still gets its own
 * host name (docs/archive.md). Lookups use the job's `index.cdxj`.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { normalizeUrlGroup } from "../../../shared/archive/normalize-url.js";
import { pageTextOf } from "../changes/compute-changes.js";
import { addedPassages } from "../changes/page-diff.js";
import { extractText } from "../index/extract-page.js";
import { type CdxEntry, REPLAY_INDEX } from "../index/indexer.js";
import type { SnapshotRow } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { captureText, declareUtf8, utf8ContentType } from "./capture-text.js";
import {
  BAD_MARKS_SINCE,
  BAD_TS,
  type Bilingual,
  marksSinceOtherPage,
  marksSinceUnknown,
  NOT_ALLOWED,
  NOT_REPLAY_ADDRESS,
  noJob,
  notCaptured,
  notIndexed,
  replayHeaders,
  sendError,
  sendFrontPage,
  UNREADABLE,
} from "./replay-answers.js";
import { markPassages } from "./replay-marks.js";
import { rewriteCss, rewriteHtml } from "./replay-rewrite.js";
import { readRecordAt } from "./warc-reader.js";

interface JobIndex {
  mtimeMs: number;
  byUrl: Map<string, CdxEntry[]>;
}

export interface ReplayServer {
  url: string;
  close(): Promise<void>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Parses `?ts=` as an ISO date or a 14-digit WARC timestamp (YYYYMMDDhhmmss, shorter is padded). */
export function parseTs(ts: string): number | null {
  if (/^\d{4,14}$/.test(ts)) {
    const d = ts.padEnd(14, "0");
    const iso = `${d.slice(0, 4)}-${d.slice(4, 6) === "00" ? "01" : d.slice(4, 6)}-${d.slice(6, 8) === "00" ? "01" : d.slice(6, 8)}T${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}Z`;
    const t = Date.parse(iso);
    return Number.isNaN(t) ? null : t;
  }
  if (!ISO_DATE.test(ts)) return null;
  const t = Date.parse(ts);
  return Number.isNaN(t) ? null : t;
}

/** `ts` as it appears in the request URL (percent-encoded); null when it is not a valid date. */
function parseTsParam(encoded: string): number | null {
  try {
    return parseTs(decodeURIComponent(encoded));
  } catch {
    return null; // malformed percent-encoding, such as %ff
  }
}

/**
 * The replay's own parameters, `ts` and `marks-since`, taken off the end of the request's target
 * (in either order); what is left is the archived URL, its own query included.
 */
function takeReplayParams(target: string): { target: string; ts?: string; marksSince?: string } {
  const out: { target: string; ts?: string; marksSince?: string } = { target };
  for (;;) {
    const ts = out.ts === undefined ? /[?&]ts=([^&]+)$/.exec(out.target) : null;
    const marks = out.marksSince === undefined ? /[?&]marks-since=([^&]*)$/.exec(out.target) : null;
    const m = ts ?? marks;
    if (!m) return out;
    if (ts) out.ts = m[1];
    else out.marksSince = m[1];
    out.target = out.target.slice(0, m.index);
  }
}

/** A captured redirect's Location, kept inside the job's collection; null when it is unusable. */
function replayLocation(location: string | null, base: string, jobId: number): string | null {
  if (!location) return null;
  try {
    return `/job-${jobId}/${new URL(location, base).href}`;
  } catch {
    return null;
  }
}

export function pickCapture(entries: CdxEntry[], ts: number | null): CdxEntry {
  if (ts === null) return entries.reduce((a, b) => (Date.parse(b.ts) >= Date.parse(a.ts) ? b : a));
  return entries.reduce((a, b) =>
    Math.abs(Date.parse(b.ts) - ts) < Math.abs(Date.parse(a.ts) - ts) ? b : a,
  );
}

/** Later than any capture: "the latest capture" for a query that takes the moment to look before. */
const FAR_FUTURE = "9999-12-31T23:59:59Z";

export async function startReplayServer(opts: {
  db: StoreOrRepository;
  host: string;
  port: number;
  appUrl: () => string | null;
  onReplay?: () => void;
}): Promise<ReplayServer> {
  const cache = new Map<number, JobIndex>();
  const loadIndex = (dir: string, jobId: number): JobIndex | null => {
    const file = path.join(dir, REPLAY_INDEX);
    if (!existsSync(file)) return null;
    const mtimeMs = statSync(file).mtimeMs;
    const hit = cache.get(jobId);
    if (hit && hit.mtimeMs === mtimeMs) return hit;
    const byUrl = new Map<string, CdxEntry[]>();
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!line) continue;
      const e = JSON.parse(line) as CdxEntry;
      for (const key of new Set([e.url, normalizeUrlGroup(e.url) ?? e.url])) {
        const list = byUrl.get(key) ?? [];
        list.push(e);
        byUrl.set(key, list);
      }
    }
    const idx = { mtimeMs, byUrl };
    if (cache.size > 20) cache.delete(cache.keys().next().value as number);
    cache.set(jobId, idx);
    return idx;
  };

  const notFound = (req: http.IncomingMessage, res: http.ServerResponse, text: Bilingual) =>
    sendError(req, res, 404, text, { appUrl: opts.appUrl() });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const raw = req.url ?? "/";
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendError(req, res, 405, NOT_ALLOWED, {
        appUrl: opts.appUrl(),
        apiMessage: `method ${req.method} is not allowed; the replay answers GET and HEAD`,
      });
    if (raw === "/" || raw.startsWith("/?")) return sendFrontPage(req, res, opts.appUrl());
    const m = /^\/job-(\d{1,15})\/(.+)$/.exec(raw);
    if (!m) return notFound(req, res, NOT_REPLAY_ADDRESS);
    const jobId = Number(m[1]);
    const job = await asArchiveRepository(opts.db).getJob(jobId);
    if (!job) return notFound(req, res, noJob(jobId));
    const index = loadIndex(job.output_dir, jobId);
    if (!index) return notFound(req, res, notIndexed(jobId));
    const withScheme = (t: string) => t.replace(/^(https?):\/(?!\/)/, "$1://");
    // A captured address that itself ends in ts= (a cache-buster, a page number) is that
    // capture, as its rewritten links ask for it; only otherwise are ts and marks-since ours.
    const literal = withScheme(m[2]);
    const params = index.byUrl.has(literal) ? { target: literal } : takeReplayParams(m[2]);
    const target = withScheme(params.target);
    let ts: number | null = null;
    if (params.ts !== undefined) {
      ts = parseTsParam(params.ts);
      if (ts === null)
        return sendError(req, res, 400, BAD_TS, {
          appUrl: opts.appUrl(),
          apiMessage: `ts must be an ISO 8601 date (2025-01-31 or 2025-01-31T12:00:00Z) or a timestamp of 4 to 14 digits (YYYYMMDDhhmmss); got "${params.ts.slice(0, 40)}"`,
        });
    }
    // Only a capture's id: the marked passages are computed here, never taken from the address.
    if (params.marksSince !== undefined && !/^[1-9]\d{0,15}$/.test(params.marksSince))
      return sendError(req, res, 400, BAD_MARKS_SINCE, {
        appUrl: opts.appUrl(),
        apiMessage: `marks-since must be the id of another capture of the page (a positive integer); got "${params.marksSince.slice(0, 40)}"`,
      });
    const entries = index.byUrl.get(target) ?? index.byUrl.get(normalizeUrlGroup(target) ?? "");
    if (!entries?.length) {
      // A crawl holds part of a site (an edition's shard, a narrower scope): a link out of it goes
      // to the page's latest capture from another crawl of the source, as a reader following it
      // through the archive expects, rather than to a dead end.
      const group = normalizeUrlGroup(target) ?? target;
      const elsewhere = await asArchiveRepository(opts.db).previousCapture(
        group,
        job.source_id,
        jobId,
        FAR_FUTURE,
      );
      if (elsewhere) {
        res.writeHead(302, {
          ...replayHeaders("text/plain; charset=utf-8"),
          Location: `/job-${elsewhere.job_id}/${m[2]}`,
        });
        return res.end();
      }
      return notFound(req, res, notCaptured(target, jobId));
    }
    const entry = pickCapture(entries, ts);
    let since: SnapshotRow | undefined;
    if (params.marksSince !== undefined) {
      const id = Number(params.marksSince);
      since = await asArchiveRepository(opts.db).getSnapshot(id);
      if (!since)
        return sendError(req, res, 404, marksSinceUnknown(id), {
          appUrl: opts.appUrl(),
          apiMessage: `marks-since: capture ${id} does not exist`,
        });
      if ((since.normalized_url_group ?? since.url) !== (normalizeUrlGroup(entry.url) ?? entry.url))
        return sendError(req, res, 400, marksSinceOtherPage(id, entry.url), {
          appUrl: opts.appUrl(),
          apiMessage: `marks-since: capture ${id} is of ${since.url.slice(0, 200)}, not of ${entry.url.slice(0, 200)}`,
        });
    }
    const rec = await readRecordAt(path.join(job.output_dir, entry.file), entry.offset, entry.length);
    const type = rec.headers.get("content-type") ?? "application/octet-stream";
    let body: Uint8Array | string = rec.body;
    // Rewritten text goes out as UTF-8, whatever the page was written in.
    const textType = /html|css/i.test(type) ? utf8ContentType(type) : type;
    if (/html/i.test(type)) {
      let html = declareUtf8(captureText(rec.body, type));
      if (since) html = markPassages(html, addedPassages(await pageTextOf(since), extractText(html))).html;
      body = rewriteHtml(html, rec.url, jobId, { captured: rec.date, appUrl: opts.appUrl() });
    } else if (/css/i.test(type)) body = rewriteCss(captureText(rec.body, type), rec.url, jobId);
    const headers = replayHeaders(textType);
    headers["Memento-Datetime"] = new Date(rec.date).toUTCString();
    headers["Cache-Control"] = "public, max-age=3600";
    const location = replayLocation(rec.headers.get("location"), rec.url, jobId);
    if (location) headers.Location = location;
    if (/html/i.test(type)) opts.onReplay?.();
    res.writeHead(rec.status || 200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (res.headersSent) return res.end();
      sendError(req, res, 500, UNREADABLE, { appUrl: opts.appUrl() });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${opts.host.includes(":") ? `[${opts.host}]` : opts.host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
