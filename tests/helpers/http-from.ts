/**
 * HTTP requests sent from a chosen loopback address (127.0.0.2, 127.0.0.3…): on Linux the whole
 * 127.0.0.0/8 is local, so one test can play several clients that the server tells apart by their
 * real socket address, as it would tell apart people on the internet.
 */
import http from "node:http";

export interface PlainResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface PlainRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export function requestFrom(
  localAddress: string,
  url: string,
  init: PlainRequest = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    // agent: false gives each request its own socket, so parallel requests really are parallel.
    const req = http.request(
      url,
      { method: init.method ?? "GET", headers: init.headers, localAddress, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** How many responses had each status, e.g. `{ 401: 20, 429: 80 }`. */
export function countStatuses(responses: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
