/**
 * Crawl traps: addresses a site can make up without end, each a copy of a page already held, which
 * would spend a job's page budget on nothing. Two kinds are cut, and each address cut is written to
 * the capture log as excluded with its reason, so the operator sees what the crawl left and why:
 * - a path that repeats the same segments three times in a row: a relative link on a page the
 *   server answers at any depth (/a/b/ linking "b/" gives /a/b/b/b/…);
 * - a page more than `max_depth` links from the seeds (a calendar's "next month", forever). The
 *   pages at that depth are still fetched with what they embed; only their links are not followed.
 */

/** Links from the seeds when the job does not say (scope.max_depth); Heritrix's usual limit. */
export const DEFAULT_MAX_DEPTH = 20;
const LONGEST_REPEATED_RUN = 3;

/** Why an address looks like a trap, or null. */
export function repeatingPath(url: string): string | null {
  const segments = new URL(url).pathname.split("/").filter(Boolean);
  for (let size = 1; size <= LONGEST_REPEATED_RUN; size++) {
    for (let start = 0; start + 3 * size <= segments.length; start++) {
      const run = (k: number) => segments.slice(start + k * size, start + (k + 1) * size).join("/");
      if (run(1) === run(0) && run(2) === run(0)) return `likely crawl trap: the path repeats "${run(0)}/"`;
    }
  }
  return null;
}

export const tooDeep = (maxDepth: number) =>
  `likely crawl trap: more than ${maxDepth} links from the seeds (scope.max_depth)`;
