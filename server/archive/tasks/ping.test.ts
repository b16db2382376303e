import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureUrl, ping } from "./ping.js";

let server: http.Server;
let base = "";
const asked: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(req.url ?? "");
    res.writeHead(200).end("OK");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("a task's health-check ping", () => {
  it("signals a failure with /fail after the check's path, before its query", async () => {
    expect(failureUrl("https://hc.example/ping/KEY/crawl?create=1")).toBe(
      "https://hc.example/ping/KEY/crawl/fail?create=1",
    );
    expect(failureUrl("https://hc.example/0f3c/")).toBe("https://hc.example/0f3c/fail");
    asked.length = 0;
    expect(await ping(`${base}/ping/KEY/crawl?create=1`, false)).toEqual({ sent: true });
    expect(await ping(`${base}/ping/KEY/crawl?create=1`, true)).toEqual({ sent: true });
    expect(asked).toEqual(["/ping/KEY/crawl/fail?create=1", "/ping/KEY/crawl?create=1"]);
  });
});
