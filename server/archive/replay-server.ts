/**
 * The replay listener (REPLAY_PORT), a separate origin so archived HTML never runs on the app's
 * origin. `GET /` answers 200; `GET /job-<id>/<original URL>` serves the capture from the WARC
 * (latest, or nearest to `?ts=`), rewritten to stay in the collection, under a CSP that keeps
 * archived scripts from reaching any other origin. Lookups use the job's `index.cdxj`.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { normalizeUrlGroup } from "../../shared/archive/normalize-url.js";
import type { Reader } from "../db/types.js";
import { type CdxEntry, REPLAY_INDEX } from "./indexer.js";
import { getJob } from "./jobs-store.js";
import { rewriteCss, rewriteHtml } from "./replay-rewrite.js";
import { readRecordAt } from "./warc-reader.js";

export const REPLAY_CSP =
  "default-src 'self' data: blob:; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; frame-src 'self'; form-action 'self'; base-uri 'self'; object-src 'none'";

interface JobIndex {
  mtimeMs: number;
  byUrl: Map<string, CdxEntry[]>;
}

export interface ReplayServer {
  url: string;
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Parses `?ts=` as an ISO date or a 14-digit WARC timestamp (YYYYMMDDhhmmss, shorter is padded). */
export function parseTs(ts: string): number | null {
  if (/^\d{4,14}$/.test(ts)) {
    const d = ts.padEnd(14, "0");
    const iso = `${d.slice(0, 4)}-${d.slice(4, 6) === "00" ? "01" : d.slice(4, 6)}-${d.slice(6, 8) === "00" ? "01" : d.slice(6, 8)}T${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}Z`;
    const t = Date.parse(iso);
    return Number.isNaN(t) ? null : t;
  }
  const t = Date.parse(ts);
  return Number.isNaN(t) ? null : t;
}

export function pickCapture(entries: CdxEntry[], ts: number | null): CdxEntry {
  if (ts === null) return entries.reduce((a, b) => (Date.parse(b.ts) >= Date.parse(a.ts) ? b : a));
  return entries.reduce((a, b) =>
    Math.abs(Date.parse(b.ts) - ts) < Math.abs(Date.parse(a.ts) - ts) ? b : a,
  );
}

export async function startReplayServer(opts: {
  db: Reader;
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

  const notFoundPage = (res: http.ServerResponse, what: string) => {
    res.writeHead(404, { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": REPLAY_CSP });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not in the archive</title></head><body><h1>Not in the archive</h1><p>${escapeHtml(what)}</p></body></html>`,
    );
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const raw = req.url ?? "/";
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    if (raw === "/" || raw.startsWith("/?")) {
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": REPLAY_CSP,
      });
      res.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Archive replay</title></head><body><h1>Archive replay</h1><p>Captured pages are served at /job-&lt;id&gt;/&lt;original URL&gt;.</p></body></html>',
      );
      return;
    }
    const m = /^\/job-(\d+)\/(.+)$/.exec(raw);
    if (!m)
      return notFoundPage(res, `The address ${raw} is not a replay address; use /job-<id>/<original URL>.`);
    const jobId = Number(m[1]);
    let target = m[2];
    let ts: number | null = null;
    // ?ts= belongs to the replay, not to the archived URL: take it off the end.
    const tsMatch = /[?&]ts=([^&]+)$/.exec(target);
    if (tsMatch) {
      ts = parseTs(decodeURIComponent(tsMatch[1]));
      target = target.slice(0, tsMatch.index);
    }
    target = target.replace(/^(https?):\/(?!\/)/, "$1://");
    const job = getJob(opts.db, jobId);
    if (!job) return notFoundPage(res, `Job ${jobId} does not exist in this archive.`);
    const index = loadIndex(job.output_dir, jobId);
    if (!index)
      return notFoundPage(
        res,
        `Job ${jobId} has not been indexed yet, so none of its pages can be replayed.`,
      );
    const entries = index.byUrl.get(target) ?? index.byUrl.get(normalizeUrlGroup(target) ?? "");
    if (!entries?.length) return notFoundPage(res, `${target} was not captured in job ${jobId}.`);
    const entry = pickCapture(entries, ts);
    const rec = await readRecordAt(path.join(job.output_dir, entry.file), entry.offset, entry.length);
    const type = rec.headers.get("content-type") ?? "application/octet-stream";
    let body: Uint8Array | string = rec.body;
    if (/html/i.test(type))
      body = rewriteHtml(new TextDecoder().decode(rec.body), rec.url, jobId, {
        captured: rec.date,
        appUrl: opts.appUrl(),
      });
    else if (/css/i.test(type)) body = rewriteCss(new TextDecoder().decode(rec.body), rec.url, jobId);
    const headers: Record<string, string> = {
      "Content-Type": type,
      "Content-Security-Policy": REPLAY_CSP,
      "X-Content-Type-Options": "nosniff",
      "Memento-Datetime": new Date(rec.date).toUTCString(),
      "Cache-Control": "public, max-age=3600",
    };
    const location = rec.headers.get("location");
    if (location) headers.Location = `/job-${jobId}/${new URL(location, rec.url).href}`;
    if (/html/i.test(type)) opts.onReplay?.();
    res.writeHead(rec.status || 200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("The capture could not be read.");
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
