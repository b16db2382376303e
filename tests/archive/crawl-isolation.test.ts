/**
 * Crawler isolation: a job without allow_private never connects to a special-purpose address,
 * however the address is spelled, whatever DNS answers at connection time, on any redirect hop.
 * The "internal" page is a real HTTP server on 127.0.0.1 that records every request it gets.
 */
import http from "node:http";
import net, { type AddressInfo, type LookupFunction } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AddressRefusedError,
  guardSocket,
  publicAddressesOnly,
  specialPurposeRange,
} from "../../server/archive/crawl/address-guard.js";
import { readCaptureLog } from "../../server/archive/crawl/capture-log.js";
import { runCrawl } from "../../server/archive/crawl/crawler.js";
import { type SiteServer, serveSite } from "../../server/archive/crawl/demo-site/server.js";
import { createFetcher } from "../../server/archive/crawl/http-fetch.js";
import { parseJobConfig } from "../../shared/archive/job-config.js";
import { tmpDir } from "../helpers/archive/store-and-site.js";

let internal: SiteServer;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  internal = await serveSite(
    new Map([["/secret.html", { type: "text/html", body: "<p>instance metadata token</p>" }]]),
  );
  closers.push(() => internal.close());
});
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
});

const jobConfig = (seed: string, scope: Record<string, unknown> = {}) => {
  const p = parseJobConfig({ seeds: [seed], scope: { delay_ms: 0, ...scope } });
  if (!p.ok) throw new Error(p.message);
  return p.config;
};
const errorsOf = (jobDir: string) =>
  readCaptureLog(path.join(jobDir, "captures.jsonl")).filter((l) => l.k === "error");

describe("special-purpose address ranges", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:a9fe:a9fe", "linkLocal"],
    ["::127.0.0.1", "loopback"],
    ["::7f00:1", "reserved"],
    ["64:ff9b::7f00:1", "NAT64 loopback"],
    ["64:ff9b::169.254.169.254", "NAT64 linkLocal"],
    ["64:ff9b::a00:1", "NAT64 private"],
    ["64:ff9b:1::808:808", "nat64LocalUse"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.254", "benchmarking"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["192.0.0.8", "ietfProtocolAssignments"],
    ["192.0.2.1", "documentation"],
    ["192.88.99.1", "reserved"],
    ["198.51.100.1", "reserved"],
    ["203.0.113.1", "reserved"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["100::1", "discard"],
    ["::", "unspecified"],
    ["2001::1", "ietfProtocolAssignments"],
    ["2001:2::1", "benchmarking"],
    ["2001:db8::1", "documentation"],
    ["2002:7f00:1::1", "6to4"],
    ["3fff::1", "documentation"],
    ["5f00::1", "segmentRouting"],
    ["not an address", "unparsable"],
  ])("%s is %s", (ip, range) => {
    expect(specialPurposeRange(ip)).toBe(range);
    expect(publicAddressesOnly(ip)).toContain(range);
  });

  it.each([
    "8.8.8.8",
    "205.193.117.158",
    "198.20.0.1",
    "2001:4860:4860::8888",
    "2606:4700:4700::1111",
    "64:ff9b::808:808",
  ])("%s is public", (ip) => {
    expect(specialPurposeRange(ip)).toBeNull();
  });
});

describe("a job without allow_private", () => {
  it.each([
    "http://[::ffff:127.0.0.1]:PORT/secret.html",
    "http://[::ffff:7f00:1]:PORT/secret.html",
    "http://[::127.0.0.1]:PORT/secret.html",
    "http://[64:ff9b::127.0.0.1]:PORT/secret.html",
    "http://127.1:PORT/secret.html",
    "http://2130706433:PORT/secret.html",
    "http://localhost:PORT/secret.html",
  ])("refuses the seed %s and sends it nothing", async (seed) => {
    const url = seed.replace("PORT", String(internal.port));
    const before = internal.requests.length;
    const jobDir = tmpDir("chc-isolation-");
    await expect(runCrawl({ jobDir, warcPrefix: "t", config: jobConfig(url) })).rejects.toThrow(
      /is not on a public address: .*special-purpose/,
    );
    expect(internal.requests.length).toBe(before);
  });

  it("checks the addresses DNS gives at connection time, so a second answer cannot rebind", async () => {
    // The seed check sees a public address; every later answer (the sockets') is the internal one.
    const answers: string[] = [];
    const rebinding: LookupFunction = (_host, options, callback) => {
      const address = answers.length === 0 ? "8.8.8.8" : "127.0.0.1";
      answers.push(address);
      if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    };
    const before = internal.requests.length;
    const jobDir = tmpDir("chc-isolation-");
    const result = await runCrawl({
      jobDir,
      warcPrefix: "t",
      config: jobConfig(`http://rebind.example:${internal.port}/secret.html`),
      network: { lookup: rebinding },
    });
    expect(answers[0]).toBe("8.8.8.8");
    expect(answers.slice(1)).toContain("127.0.0.1");
    expect(result).toMatchObject({ status: "failed", reason: "no page could be fetched" });
    expect(internal.requests.length).toBe(before);
    expect(errorsOf(jobDir).map((l) => l.e)).toEqual([
      expect.stringMatching(
        /^refused to connect to rebind\.example: 127\.0\.0\.1 is a special-purpose \(loopback\)/,
      ),
    ]);
  });

  it("checks every redirect hop, by IP literal and by name", async () => {
    // 127.0.0.2 stands in for a public site (the test machine has no Internet); it links to two
    // pages that redirect to the internal server, which the job's include pattern puts in scope.
    const hops = new Map([
      ["/by-ip", `http://127.0.0.1:${internal.port}/secret.html`],
      ["/by-name", `http://localhost:${internal.port}/secret.html`],
    ]);
    const site = http.createServer((req, res) => {
      const to = hops.get(req.url ?? "");
      if (to) res.writeHead(302, { Location: to }).end();
      else if (req.url === "/")
        res
          .writeHead(200, { "Content-Type": "text/html" })
          .end('<a href="/by-ip">a</a><a href="/by-name">b</a>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => site.listen(0, "127.0.0.2", r));
    closers.push(() => new Promise((r) => site.close(() => r())));
    const seed = `http://127.0.0.2:${(site.address() as AddressInfo).port}/`;
    const scope = { include: [`^http://(127\\.0\\.0\\.1|localhost):${internal.port}/`] };
    const standIn = (ip: string) => (ip === "127.0.0.2" ? null : publicAddressesOnly(ip));

    const before = internal.requests.length;
    const jobDir = tmpDir("chc-isolation-");
    const result = await runCrawl({
      jobDir,
      warcPrefix: "t",
      config: jobConfig(seed, scope),
      network: { policy: standIn },
    });
    expect(result.stats).toMatchObject({ pagesCrawled: 3, pagesFailed: 2 });
    expect(internal.requests.length).toBe(before);
    const refused = errorsOf(jobDir).map((l) => `${new URL(l.u).hostname} ${l.e}`);
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^127\.0\.0\.1 refused to connect to 127\.0\.0\.1: .*\(loopback\)/),
        expect.stringMatching(/^localhost refused to connect to localhost: .*\(loopback\)/),
      ]),
    );

    // The same job created with allow_private does reach it: the setup above could have leaked.
    await runCrawl({
      jobDir: tmpDir("chc-isolation-"),
      warcPrefix: "t",
      config: jobConfig(seed, { ...scope, allow_private: true }),
    });
    expect(internal.requests.slice(before)).toContain("/secret.html");
  });
});

describe("the fetcher's connection guard", () => {
  it("refuses a name that resolves to loopback before connecting", async () => {
    const fetcher = createFetcher({ policy: publicAddressesOnly });
    const before = internal.requests.length;
    try {
      await expect(
        fetcher.fetch(`http://localhost:${internal.port}/secret.html`, {}, 5000, 1024),
      ).rejects.toBeInstanceOf(AddressRefusedError);
      await expect(
        fetcher.fetch(`http://[::ffff:127.0.0.1]:${internal.port}/secret.html`, {}, 5000, 1024),
      ).rejects.toBeInstanceOf(AddressRefusedError);
    } finally {
      fetcher.close();
    }
    expect(internal.requests.length).toBe(before);
  });

  it("destroys a socket connected to a refused address before a byte is sent", async () => {
    let received = 0;
    let error: unknown = null;
    const closed = new Promise<void>((resolve) => {
      const server = net.createServer((conn) => {
        conn.on("data", (b) => {
          received += b.length;
        });
        conn.on("close", () => {
          server.close();
          resolve();
        });
      });
      server.listen(0, "127.0.0.1", () => {
        const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
        guardSocket(socket, publicAddressesOnly);
        socket.write("GET /secret.html HTTP/1.1\r\nHost: x\r\n\r\n");
        socket.on("error", (err) => {
          error = err;
        });
      });
    });
    await closed;
    expect(received).toBe(0);
    expect(error).toBeInstanceOf(AddressRefusedError);
  });
});
