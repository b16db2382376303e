/**
 * One HTTP(S) GET with node:http, keeping the raw response headers for the WARC record. Asks for
 * an identity encoding; a server that compresses anyway (gzip, deflate, br) has its body decoded
 * here, as the record keeps no Content-Encoding and every reader of it expects the page itself
 * (the size limit counts the decoded bytes). No redirect is followed (the
 * crawler records the 3xx and queues its Location like any link, so every hop passes the guard).
 *
 * A fetcher owns its keep-alive agents (per-host politeness already limits the request rate). With
 * an address policy, every connection it opens is checked where the socket is made: each address
 * the DNS lookup returns, then the socket's remote address (see address-guard.ts).
 */
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction, type Socket } from "node:net";
import type { Duplex, Readable } from "node:stream";
import zlib from "node:zlib";
import { type AddressPolicy, AddressRefusedError, guardLookup, guardSocket } from "./address-guard.js";

export interface RawResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Buffer;
  truncated: boolean;
}

export class FetchTimeoutError extends Error {}

export interface FetcherOptions {
  /** null: connect anywhere (jobs created with --allow-private). */
  policy: AddressPolicy | null;
  /** DNS lookup used for every connection (default: the system resolver). */
  lookup?: LookupFunction;
}

export interface Fetcher {
  fetch(
    url: string,
    headers: Record<string, string>,
    timeoutMs: number,
    maxBytes: number,
  ): Promise<RawResponse>;
  close(): void;
}

function agentsFor({ policy, lookup }: FetcherOptions) {
  const options = {
    keepAlive: true,
    maxSockets: 16,
    ...(policy ? { lookup: guardLookup(policy, lookup) } : lookup ? { lookup } : {}),
  };
  const watch = (socket: Duplex | null | undefined) => {
    if (policy && socket) guardSocket(socket as Socket, policy);
    return socket;
  };
  class GuardedHttpAgent extends http.Agent {
    override createConnection(...args: Parameters<http.Agent["createConnection"]>) {
      return watch(super.createConnection(...args));
    }
  }
  class GuardedHttpsAgent extends https.Agent {
    override createConnection(...args: Parameters<http.Agent["createConnection"]>) {
      return watch(super.createConnection(...args));
    }
  }
  return { http: new GuardedHttpAgent(options), https: new GuardedHttpsAgent(options) };
}

export function createFetcher(opts: FetcherOptions): Fetcher {
  const agents = agentsFor(opts);
  return {
    fetch: (url, headers, timeoutMs, maxBytes) => {
      const u = new URL(url);
      // An IP literal never reaches the lookup: refuse it before opening anything.
      const literal = u.hostname.replace(/^\[|\]$/g, "");
      const reason = opts.policy && isIP(literal) ? opts.policy(literal) : null;
      if (reason) return Promise.reject(new AddressRefusedError(literal, reason));
      const https_ = u.protocol === "https:";
      return fetchWith(
        https_ ? https : http,
        https_ ? agents.https : agents.http,
        u,
        headers,
        timeoutMs,
        maxBytes,
      );
    },
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function fetchWith(
  lib: typeof http | typeof https,
  agent: http.Agent,
  u: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  maxBytes: number,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = lib.request(u, { method: "GET", headers, agent }, (res) => {
      const decoder = decoderFor(res.headers["content-encoding"]);
      const body: Readable = decoder ? res.pipe(decoder) : res;
      // A redirect or an empty answer may name an encoding and send no bytes to decode.
      let received = 0;
      if (decoder) res.on("data", (c: Buffer) => (received += c.length));
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      body.on("data", (c: Buffer) => {
        if (done) return;
        if (size + c.length > maxBytes) {
          truncated = true;
          chunks.push(c.subarray(0, maxBytes - size));
          size = maxBytes;
          finish();
          res.destroy();
          decoder?.destroy();
          return;
        }
        chunks.push(c);
        size += c.length;
      });
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? "",
          headers: pairs,
          body: Buffer.concat(chunks),
          truncated,
        });
      };
      body.on("end", finish);
      const fail = (err: Error) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        reject(err);
      };
      res.on("error", fail);
      decoder?.on("error", (err) => (received === 0 ? finish() : fail(err)));
    });
    const timer = setTimeout(
      () => req.destroy(new FetchTimeoutError(`timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end();
  });
}

/** A decompressor for the encodings servers send unasked; null for identity (or one we cannot read). */
function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Unzip | zlib.BrotliDecompress | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
    case "deflate":
      return zlib.createUnzip(); // gzip, or zlib-wrapped deflate, told apart by their header
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}
