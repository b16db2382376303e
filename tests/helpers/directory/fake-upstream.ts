/**
 * A real HTTP server on 127.0.0.1 that misbehaves on purpose: it answers (OpenAI-style chat JSON),
 * stalls (never answers) or fails (500), as the test sets `mode`. It records what it received.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type UpstreamMode = "answer" | "stall" | "fail";

export interface FakeUpstream {
  url: string;
  mode: UpstreamMode;
  answer: string;
  received: Array<{ path: string; body: string }>;
  close(): Promise<void>;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const stalled = new Set<import("node:http").ServerResponse>();
  const fake: FakeUpstream = {
    url: "",
    mode: "answer",
    answer: '{"category":"food","keywords":["food bank"]}',
    received: [],
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      fake.received.push({ path: req.url ?? "", body });
      if (fake.mode === "stall") {
        stalled.add(res);
        return;
      }
      if (fake.mode === "fail") {
        res.writeHead(500, { "content-type": "application/json" }).end('{"error":"upstream broke"}');
        return;
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { content: fake.answer } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
