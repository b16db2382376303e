/**
 * robots.txt rules (RFC 9309): the group for our user agent (else `*`), Allow/Disallow with the
 * longest matching rule winning, `*` and `$` patterns, Allow winning a tie; and what an answer
 * other than 200 means; and the group's `Crawl-delay` (not in the RFC, but sites rely on it).
 */
export interface RobotsRules {
  rules: { allow: boolean; pattern: RegExp; length: number }[];
  /** The wait the site asks for between two requests (Crawl-delay, capped at MAX_CRAWL_DELAY_MS). */
  crawlDelayMs?: number;
}

/** The longest Crawl-delay honoured: a site asking for more is crawled at one page every 30 s. */
export const MAX_CRAWL_DELAY_MS = 30_000;

const toRegExp = (p: string) =>
  new RegExp(
    `^${p
      .replace(/[.+?^{}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\\\$$|\$$/, "$")}`,
  );

export function parseRobots(text: string, agent: string): RobotsRules {
  const groups: { agents: string[]; rules: RobotsRules["rules"]; delayMs?: number }[] = [];
  let current: (typeof groups)[number] | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === "user-agent") {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (current && key === "crawl-delay") {
      const seconds = Number(value);
      if (value !== "" && Number.isFinite(seconds) && seconds >= 0)
        current.delayMs = Math.max(current.delayMs ?? 0, Math.min(seconds * 1000, MAX_CRAWL_DELAY_MS));
      continue;
    }
    if (!current || (key !== "allow" && key !== "disallow")) continue;
    if (value === "") continue; // "Disallow:" with nothing allows everything
    current.rules.push({ allow: key === "allow", pattern: toRegExp(value), length: value.length });
  }
  const name = agent.toLowerCase();
  const mine = groups.filter((g) => g.agents.some((a) => a !== "*" && name.includes(a)));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes("*"));
  const delays = chosen.flatMap((g) => (g.delayMs === undefined ? [] : [g.delayMs]));
  return {
    rules: chosen.flatMap((g) => g.rules),
    ...(delays.length ? { crawlDelayMs: Math.max(...delays) } : {}),
  };
}

/**
 * A site whose robots.txt could not be read (a 5xx, a 429, or no answer): RFC 9309 §2.3.1.4 says
 * to crawl none of it. Its pages are failures, not exclusions, so a retried job asks again.
 */
export const ROBOTS_UNREACHABLE = "unreachable";
export type RobotsAnswer = RobotsRules | null | typeof ROBOTS_UNREACHABLE;

/** Redirects followed to reach a robots.txt (RFC 9309 §2.3.1.2: at least five). */
export const ROBOTS_REDIRECTS = 5;

/** Whether an answer's status leaves the site's rules unknown (RFC 9309 §2.3.1.4; 429 is a site asking to wait). */
export const robotsUnreachable = (status: number) => status >= 500 || status === 429;

/**
 * What a robots.txt answer means (RFC 9309 §2.3.1): a 2xx holds the rules; another 4xx means
 * there are none; a 5xx or 429 leaves them unknown. Redirects are followed by the caller; one
 * left over means no rules.
 */
export function robotsFromAnswer(status: number, text: string, agent: string): RobotsAnswer {
  if (status >= 200 && status < 300) return parseRobots(text, agent);
  return robotsUnreachable(status) ? ROBOTS_UNREACHABLE : null;
}

export function robotsAllows(rules: RobotsRules | null, url: URL): boolean {
  if (!rules) return true;
  const target = `${url.pathname}${url.search}`;
  let best: { allow: boolean; length: number } | null = null;
  for (const r of rules.rules) {
    if (!r.pattern.test(target)) continue;
    if (!best || r.length > best.length || (r.length === best.length && r.allow)) best = r;
  }
  return best ? best.allow : true;
}
