/**
 * A chat service's incoming webhook, as a real HTTP server on 127.0.0.1 that answers the way the
 * real services do, so the alert path is tested against their replies rather than our guess:
 * - Slack and Mattermost answer 200 with the plain-text body `ok`;
 * - a Microsoft Teams workflow (Power Automate) answers 202 Accepted with an empty body;
 * - `fail` answers 500 (a receiver having a bad minute), `stall` never answers;
 * - `slow` answers as Slack does (200 `ok`) but only after `delayMs`;
 * - `ratelimit` answers 429 with `Retry-After: <retryAfter>`, as Slack does when posted to too fast.
 * It records every body it received, with the time it arrived.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ChatReceiverMode = "slack" | "mattermost" | "teams" | "fail" | "stall" | "slow" | "ratelimit";

export interface ChatReceiver {
  url: string;
  mode: ChatReceiverMode;
  /** How long `slow` waits before answering. */
  delayMs: number;
  /** The Retry-After header `ratelimit` sends (seconds, or an HTTP date). */
  retryAfter: string;
  received: Array<{ path: string; contentType: string; body: string; at: number }>;
  close(): Promise<void>;
}

export async function startChatReceiver(mode: ChatReceiverMode = "slack"): Promise<ChatReceiver> {
  const stalled = new Set<ServerResponse>();
  const receiver: ChatReceiver = {
    url: "",
    mode,
    delayMs: 4000,
    retryAfter: "20",
    received: [],
    close: async () => {},
  };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      receiver.received.push({
        path: req.url ?? "",
        contentType: req.headers["content-type"] ?? "",
        body,
        at: Date.now(),
      });
      switch (receiver.mode) {
        case "stall":
          stalled.add(res);
          return;
        case "fail":
          res.writeHead(500, { "content-type": "text/plain" }).end("internal_error");
          return;
        case "slow":
          stalled.add(res);
          setTimeout(() => {
            stalled.delete(res);
            if (!res.destroyed) res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("ok");
          }, receiver.delayMs);
          return;
        case "ratelimit":
          res
            .writeHead(429, { "content-type": "text/plain", "retry-after": receiver.retryAfter })
            .end("rate_limited");
          return;
        case "teams":
          res.writeHead(202).end();
          return;
        default:
          res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("ok");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
