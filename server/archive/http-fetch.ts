/**
 * One HTTP(S) GET with node:http, keeping the raw response headers for the WARC record. Asks for
 * an identity encoding so the recorded body is the served bytes; no redirect is followed (the
 * crawler records the 3xx and queues its Location like any link).
 */
import http from "node:http";
import https from "node:https";

export interface RawResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Buffer;
  truncated: boolean;
}

export class FetchTimeoutError extends Error {}

// Keep-alive connections: per-host politeness already limits the request rate.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 16 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

export function fetchRaw(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  maxBytes: number,
): Promise<RawResponse> {
  const u = new URL(url);
  const lib = u.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const agent = u.protocol === "https:" ? agents.https : agents.http;
    const req = lib.request(u, { method: "GET", headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on("data", (c: Buffer) => {
        if (size + c.length > maxBytes) {
          truncated = true;
          chunks.push(c.subarray(0, maxBytes - size));
          size = maxBytes;
          res.destroy();
          finish();
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
      res.on("end", finish);
      res.on("error", (err) => {
        if (!done) reject(err);
      });
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
