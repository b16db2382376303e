// The quick exit's destination in tests: a plain page on loopback standing in for the weather site
// QUICK_EXIT_URL names in production, so a test can see the tab arrive there without the internet.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface NeutralSite {
  url: string;
  close(): Promise<void>;
}

export async function startNeutralSite(): Promise<NeutralSite> {
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end("<!doctype html><html lang=en><title>Weather</title><h1>Today's weather</h1></html>");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/forecast`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
