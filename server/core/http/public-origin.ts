/**
 * The origin absolute links in answers start with (the OpenAPI document's `servers`, HSDS's
 * `openapi_url`, the Atom feed's links and the host name its tag: ids are minted under).
 *
 * APP_PUBLIC_URL, when set, is the answer for every request: behind a proxy the request's own URL
 * is the proxy's view of it, and an id must not change with the Host a client sent. Unset, the
 * request's URL gives it, with the scheme the outermost trusted proxy saw (X-Forwarded-Proto, read
 * as client-address.ts reads X-Forwarded-For) when TRUST_PROXY says proxies are in front.
 */
import type { Context } from "hono";
import type { Config } from "../config.js";

export interface PublicOrigin {
  /** `https://host[:port]`, without a trailing slash. */
  origin(c: Context): string;
}

export function publicOrigin(config: Pick<Config, "APP_PUBLIC_URL" | "TRUST_PROXY">): PublicOrigin {
  if (config.APP_PUBLIC_URL) {
    // Decided once: nothing about the request matters.
    const url = new URL(config.APP_PUBLIC_URL);
    return { origin: () => url.origin };
  }
  const proxies = config.TRUST_PROXY;
  const origin = (c: Context) => {
    const url = new URL(c.req.url);
    if (proxies === 0) return url.origin;
    const scheme = forwardedScheme(c.req.header("x-forwarded-proto"), proxies);
    return scheme ? `${scheme}://${url.host}` : url.origin;
  };
  return { origin };
}

/**
 * The scheme the outermost of `proxies` trusted proxies was asked with: the entry that many places
 * from the right when each proxy appends its own, the only entry when one proxy set it. Anything
 * but http or https (a broken or spoofing hop) is ignored.
 */
export function forwardedScheme(
  forwardedProto: string | undefined,
  proxies: number,
): "http" | "https" | null {
  if (!forwardedProto) return null;
  const chain = forwardedProto
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const chosen = chain[Math.max(0, chain.length - proxies)];
  return chosen === "http" || chosen === "https" ? chosen : null;
}
