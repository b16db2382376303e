/**
 * A plain static file server on a loopback port, as someone publishing files on any web host would
 * run one: GET and HEAD of the files under one folder, with byte ranges (WACZ readers fetch a
 * package's index and records by range), content types by extension, and 404 for the rest.
 */
import { createReadStream, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface StaticFiles {
  url: string;
  /** The paths answered 404 so far, in order (a test names them when something is missing). */
  misses(): string[];
  clearMisses(): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".wacz": "application/wacz+zip",
};

function fileAt(root: string, urlPath: string): string | null {
  const rel = decodeURIComponent(urlPath.split("?")[0]);
  const file = path.join(root, rel.endsWith("/") ? `${rel}index.html` : rel);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

export async function serveStaticFiles(root: string): Promise<StaticFiles> {
  const base = path.resolve(root);
  const missed: string[] = [];
  const server = http.createServer((req, res) => {
    const file = req.method === "GET" || req.method === "HEAD" ? fileAt(base, req.url ?? "/") : null;
    if (!file) {
      missed.push((req.url ?? "/").split("?")[0]);
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const size = statSync(file).size;
    const headers: http.OutgoingHttpHeaders = {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "accept-ranges": "bytes",
      "cache-control": "no-store",
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
    let start = 0;
    let end = size - 1;
    if (range && (range[1] || range[2])) {
      start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start > end || start >= size) {
        res.writeHead(416, { "content-range": `bytes */${size}` }).end();
        return;
      }
      headers["content-range"] = `bytes ${start}-${end}/${size}`;
    }
    headers["content-length"] = String(end - start + 1);
    res.writeHead(range && headers["content-range"] ? 206 : 200, headers);
    if (req.method === "HEAD" || size === 0) res.end();
    else createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    misses: () => [...missed],
    clearMisses: () => {
      missed.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
