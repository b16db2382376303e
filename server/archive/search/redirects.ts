/**
 * Redirects in search: a page reached through a redirect (an old address answering 301 to its new
 * home on canada.ca) is found by the old address too. The indexer keeps each captured redirect
 * (capture_redirects: the address, its URL group, where it led); a URL search also takes the pages
 * the matching addresses lead to, following a chain of redirects, and says which address led there.
 */

/** A captured redirect, as the backends read it. */
export interface RedirectRow {
  url: string;
  group: string;
  target_group: string;
}

/** Redirects followed one after the other at most (an old domain, its http→https, a moved page…). */
export const REDIRECT_HOPS = 5;
/** Pages a search by address takes through redirects at most (an old domain's every page). */
export const REDIRECT_TARGETS = 5000;

/**
 * The URL groups the `first` redirects lead to, each with the address it was reached from (the one
 * the search matched), following redirects from those groups (`next`) up to REDIRECT_HOPS times.
 * Groups the search matched itself (`asked`) are not taken again.
 */
export function* followRedirects(
  first: RedirectRow[],
  asked: (group: string) => boolean,
): Generator<string[], Map<string, string>, RedirectRow[]> {
  const reached = new Map<string, string>();
  let rows = first;
  const origin = new Map(first.map((r) => [r.group, r.url]));
  for (let hop = 0; hop < REDIRECT_HOPS && rows.length && reached.size < REDIRECT_TARGETS; hop++) {
    const fresh: string[] = [];
    for (const r of rows) {
      const from = origin.get(r.group) ?? r.url;
      if (asked(r.target_group) || reached.has(r.target_group)) continue;
      reached.set(r.target_group, from);
      origin.set(r.target_group, from);
      fresh.push(r.target_group);
      if (reached.size >= REDIRECT_TARGETS) break;
    }
    if (!fresh.length) break;
    rows = yield fresh;
  }
  return reached;
}

/** Runs followRedirects with a synchronous lookup of the redirects from some groups (sql.js). */
export function redirectTargets(
  first: RedirectRow[],
  asked: (group: string) => boolean,
  from: (groups: string[]) => RedirectRow[],
): Map<string, string> {
  const walk = followRedirects(first, asked);
  let step = walk.next([]);
  while (!step.done) step = walk.next(from(step.value));
  return step.value;
}

/** The same with a lookup that answers later (PostgreSQL). */
export async function redirectTargetsAsync(
  first: RedirectRow[],
  asked: (group: string) => boolean,
  from: (groups: string[]) => Promise<RedirectRow[]>,
): Promise<Map<string, string>> {
  const walk = followRedirects(first, asked);
  let step = walk.next([]);
  while (!step.done) step = walk.next(await from(step.value));
  return step.value;
}
