/**
 * Canonical URL for grouping captures of one page (snapshots.normalized_url_group): lower-case
 * scheme and host, default port dropped, fragment dropped, tracking parameters removed, remaining
 * query parameters sorted, and one trailing-slash rule: a path ending in "/" keeps it only when it
 * is the root; "/a/b/" and "/a/b" are the same page. Runs in the browser and in Node.
 */
const TRACKING =
  /^(utm_[a-z0-9_]*|gclid|fbclid|msclkid|dclid|mc_cid|mc_eid|_ga|_gl|yclid|igshid|wt\.mc_id)$/i;

export function normalizeUrlGroup(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  url.username = "";
  url.password = "";
  // URL already lower-cases the host and drops the scheme's default port.
  const kept = [...url.searchParams.entries()].filter(([k]) => !TRACKING.test(k));
  kept.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(kept).toString();
  let path = url.pathname.replace(/\/{2,}/g, "/");
  if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "");
  return `${url.protocol}//${url.host}${path}${query ? `?${query}` : ""}`;
}
