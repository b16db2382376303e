import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { clientKey, pickClientAddress } from "./client-address.js";

describe("pickClientAddress", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(pickClientAddress("10.0.0.1", "198.51.100.4", 0)).toBe("198.51.100.4");
  });
  it("takes the entry the nearest trusted proxy appended, not the client's own claims", () => {
    expect(pickClientAddress("10.0.0.1, 203.0.113.7", "127.0.0.1", 1)).toBe("203.0.113.7");
    expect(pickClientAddress("10.0.0.1,203.0.113.7, 192.0.2.9", "127.0.0.1", 2)).toBe("203.0.113.7");
  });
  it("takes the furthest entry when the chain is shorter than the proxies configured", () => {
    expect(pickClientAddress("203.0.113.7", "127.0.0.1", 3)).toBe("203.0.113.7");
  });
  it("falls back to the peer without a header, or when the chosen entry is not an address", () => {
    expect(pickClientAddress(undefined, "127.0.0.1", 1)).toBe("127.0.0.1");
    expect(pickClientAddress("203.0.113.7, not-an-ip", "127.0.0.1", 1)).toBe("127.0.0.1");
    expect(pickClientAddress("127.1", "127.0.0.1", 1)).toBe("127.0.0.1");
  });
  it("reads IPv4-mapped IPv6 as IPv4 and counts IPv6 clients per /64", () => {
    expect(pickClientAddress(undefined, "::ffff:203.0.113.7", 0)).toBe("203.0.113.7");
    expect(pickClientAddress("2001:db8:1:2:aaaa::1", "::1", 1)).toBe("2001:db8:1:2::/64");
    expect(pickClientAddress("2001:db8:1:2:bbbb::9", "::1", 1)).toBe("2001:db8:1:2::/64");
    expect(pickClientAddress("fe80::1%eth0", "::1", 1)).toBe("fe80::/64");
  });
});

describe("clientKey", () => {
  const contextWith = (env: unknown) => ({ env, req: { header: () => "203.0.113.7" } }) as unknown as Context;
  it("counts the socket's peer, as @hono/node-server passes it", () => {
    expect(
      clientKey(contextWith({ incoming: { socket: { remoteAddress: "::ffff:198.51.100.4" } } }), 0),
    ).toBe("198.51.100.4");
    expect(clientKey(contextWith({ server: { incoming: { socket: { remoteAddress: "::1" } } } }), 0)).toBe(
      "::/64",
    );
    expect(clientKey(contextWith({ incoming: { socket: { remoteAddress: "127.0.0.1" } } }), 1)).toBe(
      "203.0.113.7",
    );
  });
  it("names requests without a socket (app.request in-process) 'local'", () => {
    expect(clientKey(contextWith(undefined), 0)).toBe("local");
    expect(clientKey(contextWith({}), 0)).toBe("local");
    expect(clientKey(contextWith({ incoming: {} }), 0)).toBe("local");
  });
  it("names a socket that lost its peer address 'unknown'", () => {
    expect(clientKey(contextWith({ incoming: { socket: {} } }), 0)).toBe("unknown");
  });
});
