/**
 * Who is asking, for every per-client limit (the API rate limit, failed sign-ins, wrong /metrics
 * tokens). This is the only place that decides it.
 *
 * With TRUST_PROXY=0 the client is the socket's peer. Behind N trusted proxies (TRUST_PROXY=N),
 * each proxy appends the address it saw to X-Forwarded-For, so the client is the N-th entry from the
 * right: entries further left were written by the client itself and prove nothing. IPv6 clients are
 * counted per /64, since one home or phone connection is given a whole /64 to pick addresses from.
 */
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";

/** The address each limit counts against, as text (an IPv4 address or an IPv6 /64). */
export function clientKey(c: Context, trustedProxies: number): string {
  // Without trusted proxies the header is never read: every request asks.
  if (trustedProxies === 0) return limitKey(socketAddress(c));
  return pickClientAddress(c.req.header("x-forwarded-for"), socketAddress(c), trustedProxies);
}

function socketAddress(c: Context): string {
  // What @hono/node-server's getConnInfo reads, without the record it builds on every request.
  const bindings = c.env?.server ?? c.env;
  const socket = (bindings?.incoming as IncomingMessage | undefined)?.socket;
  // Requests made in-process with app.request() have no socket.
  if (!socket) return "local";
  return socket.remoteAddress ?? "unknown";
}

/**
 * The client from the forwarded chain: `forwardedFor` as received, `socket` the peer (the nearest
 * proxy when there is one). When the chain is shorter than the proxies configured, the furthest
 * entry is taken; when the chosen entry is not an address, the peer is (a broken proxy must not
 * let clients pick their own name).
 */
export function pickClientAddress(
  forwardedFor: string | undefined,
  socket: string,
  trustedProxies: number,
): string {
  if (trustedProxies === 0 || !forwardedFor) return limitKey(socket);
  const chain = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chosen = chain[Math.max(0, chain.length - trustedProxies)];
  return chosen && isAddress(chosen) ? limitKey(chosen) : limitKey(socket);
}

function isAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/** Keys by address seen: every request asks, and parsing an address each time costs more. */
const keys = new Map<string, string>();

function limitKey(address: string): string {
  let key = keys.get(address);
  if (key === undefined) {
    key = computeLimitKey(address);
    // Bounded: a flood of distinct addresses only costs the parse again.
    if (keys.size >= 10_000) keys.clear();
    keys.set(address, key);
  }
  return key;
}

function computeLimitKey(address: string): string {
  if (!isAddress(address)) return address;
  const ip = ipaddr.process(address); // ::ffff:203.0.113.7 is the IPv4 client 203.0.113.7
  if (ip.kind() === "ipv4") return ip.toString();
  const network = new ipaddr.IPv6([...(ip as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}
