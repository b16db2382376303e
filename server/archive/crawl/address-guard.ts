/**
 * Which network addresses the crawler may connect to. A job fetches the public web: any address
 * in a special-purpose range (loopback, private, link-local and cloud metadata, shared, benchmarking,
 * documentation, multicast, IPv4 written as IPv6, NAT64 of any of these…) is refused unless the job
 * was created with --allow-private.
 *
 * Ranges: the IANA IPv4 and IPv6 Special-Purpose Address Registries
 * (https://www.iana.org/assignments/iana-ipv4-special-registry,
 * https://www.iana.org/assignments/iana-ipv6-special-registry, read in 2025), which ipaddr.js's
 * range() names, and the IANA IPv6 Address Space registry (only 2000::/3 is global unicast).
 *
 * The check runs where a socket is opened (see http-fetch.ts): on every address DNS returns for
 * that very connection, then on the socket's remote address once connected. A second, different
 * DNS answer (rebinding) or a redirect to an internal host is therefore refused like a seed.
 */
import dns from "node:dns";
import type { LookupFunction, Socket } from "node:net";
import ipaddr from "ipaddr.js";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
const cidr = (text: string): Range => ipaddr.parseCIDR(text);

/** IPv6 outside 2000::/3 (IPv4-compatible ::a.b.c.d, 100::/64, ULA, link-local…) is never public. */
const GLOBAL_UNICAST_V6 = cidr("2000::/3");
/** NAT64 well-known prefix (RFC 6052): the translator reaches the IPv4 address in the last 32 bits. */
const NAT64_WELL_KNOWN = cidr("64:ff9b::/96");
/**
 * Ranges named here as well, so the guard does not depend on which ipaddr.js release lists them:
 * benchmarking 198.18.0.0/15 (RFC 2544), local-use NAT64 64:ff9b:1::/48 (RFC 8215), the IETF
 * protocol assignments 192.0.0.0/24 and 2001::/23 (RFC 6890), documentation 3fff::/20 (RFC 9637).
 */
const NAMED_HERE: Record<string, Range[]> = {
  benchmarking: [cidr("198.18.0.0/15"), cidr("2001:2::/48")],
  nat64LocalUse: [cidr("64:ff9b:1::/48")],
  ietfProtocolAssignments: [cidr("192.0.0.0/24"), cidr("2001::/23")],
  documentation: [cidr("192.0.2.0/24"), cidr("2001:db8::/32"), cidr("3fff::/20")],
};

function rangeOf(addr: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  const named = ipaddr.subnetMatch(addr, NAMED_HERE, "unicast");
  if (named !== "unicast") return named;
  const range = addr.range();
  return range === "unicast" ? null : range;
}

/** The special-purpose range `ip` falls in (a short name), or null for a public unicast address. */
export function specialPurposeRange(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return "unparsable";
  // ::ffff:a.b.c.d (IPv4-mapped) reaches the IPv4 address: judge that one.
  const addr = ipaddr.process(ip);
  if (addr.kind() === "ipv4") return rangeOf(addr);
  if (addr.match(NAT64_WELL_KNOWN)) {
    const inner = rangeOf(ipaddr.fromByteArray(addr.toByteArray().slice(12)));
    return inner && `NAT64 ${inner}`;
  }
  if (!addr.match(GLOBAL_UNICAST_V6)) return rangeOf(addr) ?? "reserved";
  return rangeOf(addr);
}

/** Why a connection to `ip` is refused, or null when it may proceed. */
export type AddressPolicy = (ip: string) => string | null;

export const publicAddressesOnly: AddressPolicy = (ip) => {
  const range = specialPurposeRange(ip);
  return range && `${ip} is a special-purpose (${range}) address`;
};

export class AddressRefusedError extends Error {
  readonly code = "ERR_ADDRESS_REFUSED";
  constructor(host: string, reason: string) {
    super(
      `refused to connect to ${host}: ${reason}; crawling private or loopback addresses needs scope.allow_private (--allow-private)`,
    );
  }
}

/**
 * Wraps a DNS lookup so that every address it returns is checked before the socket uses any of
 * them (one internal answer among public ones is enough to refuse: the socket may pick it).
 */
export function guardLookup(
  policy: AddressPolicy,
  lookup: LookupFunction = dns.lookup as LookupFunction,
): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, found, _family) => {
      if (err) return callback(err, "");
      const addresses = found as dns.LookupAddress[];
      for (const a of addresses) {
        const reason = policy(a.address);
        if (reason) return callback(new AddressRefusedError(hostname, reason), "");
      }
      if (options.all) return callback(null, addresses);
      if (!addresses.length)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Checks the address a socket really connected to (IP literals never go through the lookup) and
 * destroys it before a request byte is sent. Attach it as soon as the socket exists, so this runs
 * before the writes that wait for the connection.
 */
export function guardSocket(socket: Socket, policy: AddressPolicy): void {
  const check = () => {
    const remote = socket.remoteAddress;
    const reason = remote ? policy(remote) : "the connected address is unknown";
    if (reason) socket.destroy(new AddressRefusedError(remote ?? "the server", reason));
  };
  if (socket.connecting) socket.once("connect", check);
  else check();
}

/** All addresses of a host (an IP literal is its own address), with the same lookup as the crawler's sockets. */
export function resolveAll(
  host: string,
  lookup: LookupFunction = dns.lookup as LookupFunction,
): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(bare)) return Promise.resolve([bare]);
  return new Promise((resolve, reject) => {
    lookup(bare, { all: true }, (err, found) =>
      err ? reject(err) : resolve((found as dns.LookupAddress[]).map((a) => a.address)),
    );
  });
}
