/**
 * robots.txt rules (RFC 9309): the group for our user agent (else `*`), Allow/Disallow with the
 * longest matching rule winning, `*` and `$` patterns, Allow winning a tie.
 */
export interface RobotsRules {
  rules: { allow: boolean; pattern: RegExp; length: number }[];
}

const toRegExp = (p: string) =>
  new RegExp(
    `^${p
      .replace(/[.+?^{}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\\\$$|\$$/, "$")}`,
  );

export function parseRobots(text: string, agent: string): RobotsRules {
  const groups: { agents: string[]; rules: RobotsRules["rules"] }[] = [];
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
    if (!current || (key !== "allow" && key !== "disallow")) continue;
    if (value === "") continue; // "Disallow:" with nothing allows everything
    current.rules.push({ allow: key === "allow", pattern: toRegExp(value), length: value.length });
  }
  const name = agent.toLowerCase();
  const mine = groups.filter((g) => g.agents.some((a) => a !== "*" && name.includes(a)));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes("*"));
  return { rules: chosen.flatMap((g) => g.rules) };
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
