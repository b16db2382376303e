/**
 * Serves the demo site (or any path → file map) on a loopback port, logging every request so
 * tests can assert what a crawl fetched. `setVersion` swaps the served version in place, so both
 * dated versions are captured at the same URLs.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type DemoFile, renderDemoSite } from "./render.js";
import { ORIGIN_MARK } from "./sitemap.js";

export interface SiteServer {
  url: string;
  port: number;
  requests: string[];
  setFiles(files: Map<string, DemoFile>): void;
  close(): Promise<void>;
}

export async function serveSite(
  initial: Map<string, DemoFile>,
  opts: { port?: number; host?: string } = {},
): Promise<SiteServer> {
  let files = initial;
  const requests: string[] = [];
  const served = new Map<string, number>();
  let origin = "";
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push(path);
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Not found</title><h1>Page not found</h1>");
      return;
    }
    const body = file.withOrigin ? file.body.replaceAll(ORIGIN_MARK, origin) : file.body;
    // Counted from the last setFiles, so a page's first answers are those of the version served.
    const nth = served.get(path) ?? 0;
    served.set(path, nth + 1);
    res.writeHead(file.firstAnswers?.[nth] ?? file.status ?? 200, {
      "Content-Type": file.type,
      "Content-Length": Buffer.byteLength(body),
    });
    res.end(body);
  });
  // Its own socket even in a cluster worker, and a port already taken rejects (the caller then
  // takes any free port) instead of raising an 'error' event nobody listens to.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: opts.port ?? 0, host: opts.host ?? "127.0.0.1", exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    port,
    requests,
    setFiles(next) {
      files = next;
      served.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const serveDemoSite = (version: 1 | 2, opts?: { port?: number }) =>
  serveSite(renderDemoSite(version), opts);
