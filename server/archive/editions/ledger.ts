/**
 * The target ledger of an annual edition, `target-ledger.jsonl`: one JSON line per URL the
 * edition meant to capture, gathered from the source's seeds, the sitemaps the site publishes and
 * the pages last year's edition captured. An included line carries its shard key and language;
 * a line left out carries the rule and the reason instead. Written once when the edition is
 * planned; the capture manifest and the acceptance of every shard are measured against it.
 *
 * Language: the sitemap's hreflang, else the language of last year's capture, else a language
 * segment of the path (`/en/`, `/fr/`, `/e/`, `-eng.html`…), else `und` (undetermined).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { normalizeUrlGroup } from "../../../shared/archive/normalize-url.js";
import { fsyncDir, writeFileDurably } from "../../db/durable-files.mjs";
import { type RobotsRules, robotsAllows } from "../crawl/robots.js";
import { planShards } from "./shards.js";

export type LedgerOrigin = "seed" | "sitemap" | "previous_edition";

export interface LedgerLine {
  url: string;
  included: boolean;
  shard_key: string | null;
  language: string | null;
  from: LedgerOrigin[];
  /** Only on lines left out. */
  rule?: "invalid-url" | "off-site" | "too-long" | "robots.txt";
  reason?: string;
}

export interface Candidate {
  url: string;
  from: LedgerOrigin;
  language?: string | null;
}

export const LEDGER_FILE = "target-ledger.jsonl";

/** Where an edition's files live: `<DATA_DIR>/archive/editions/<year>/<source>/`. */
export function editionDir(dataDir: string, year: number, sourceCode: string): string {
  return path.join(dataDir, "archive", "editions", String(year), sourceCode);
}
const MAX_URL = 2000; // snapshots.url is String(2000)

const PATH_LANGUAGE: [RegExp, string][] = [
  [/^\/(en|eng|e|english)(\/|$)|[-_](eng|en)\.[a-z]+$/i, "en"],
  [/^\/(fr|fra|f|francais|français)(\/|$)|[-_](fra|fr)\.[a-z]+$/i, "fr"],
];

function pathLanguage(url: URL): string | null {
  return PATH_LANGUAGE.find(([re]) => re.test(decodeURIComponent(url.pathname)))?.[1] ?? null;
}

interface Merged {
  url: string;
  from: Set<LedgerOrigin>;
  sitemapLanguage: string | null;
  previousLanguage: string | null;
}

export interface LedgerSite {
  /** Host names of the source's site (its seeds' hosts). */
  hosts: Set<string>;
  robots: RobotsRules | null;
  maxShardUrls: number;
}

/** Merges the candidates (one line per page, by normalized URL) and assigns shards. */
export function buildLedger(candidates: Candidate[], site: LedgerSite): LedgerLine[] {
  const merged = new Map<string, Merged>();
  const lines: LedgerLine[] = [];
  const leftOutUrls = new Set<string>();
  const leftOut = (c: Candidate, rule: NonNullable<LedgerLine["rule"]>, reason: string) => {
    if (leftOutUrls.has(c.url)) return;
    leftOutUrls.add(c.url);
    lines.push({
      url: c.url,
      included: false,
      shard_key: null,
      language: null,
      from: [c.from],
      rule,
      reason,
    });
  };
  for (const c of candidates) {
    const group = normalizeUrlGroup(c.url);
    if (!group) {
      leftOut(c, "invalid-url", "not an absolute http(s) address");
      continue;
    }
    const u = new URL(c.url);
    u.hash = "";
    const url = u.href;
    if (!site.hosts.has(u.hostname)) {
      leftOut({ ...c, url }, "off-site", `on ${u.hostname}, outside the source's site`);
      continue;
    }
    if (url.length > MAX_URL) {
      leftOut(
        { ...c, url },
        "too-long",
        `${url.length} characters; the archive keeps addresses up to ${MAX_URL}`,
      );
      continue;
    }
    const m = merged.get(group) ?? { url, from: new Set(), sitemapLanguage: null, previousLanguage: null };
    m.from.add(c.from);
    if (c.from === "sitemap") m.sitemapLanguage ??= c.language ?? null;
    if (c.from === "previous_edition") m.previousLanguage ??= c.language ?? null;
    merged.set(group, m);
  }
  const included: LedgerLine[] = [];
  for (const m of merged.values()) {
    const u = new URL(m.url);
    const from = [...m.from].sort();
    if (!robotsAllows(site.robots, u)) {
      lines.push({
        url: m.url,
        included: false,
        shard_key: null,
        language: null,
        from,
        rule: "robots.txt",
        reason: "the site's robots.txt disallows it for the archive's crawler",
      });
      continue;
    }
    const language = m.sitemapLanguage ?? m.previousLanguage ?? pathLanguage(u) ?? "und";
    included.push({ url: m.url, included: true, shard_key: null, language, from });
  }
  const shards = planShards(
    included.map((l) => ({ url: l.url, language: l.language! })),
    site.maxShardUrls,
  );
  const keyOfUrl = new Map<string, string>();
  for (const [key, urls] of shards) for (const url of urls) keyOfUrl.set(url, key);
  for (const l of included) l.shard_key = keyOfUrl.get(l.url)!;
  const order = (l: LedgerLine) => `${l.included ? "0" : "1"}${l.shard_key ?? ""}\u0000${l.url}`;
  return [...included, ...lines].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

export function ledgerCounts(lines: LedgerLine[]) {
  const intended = lines.filter((l) => l.included).length;
  return { intended, excluded: lines.length - intended };
}

/** Included lines grouped by shard key, in ledger order. */
export function shardsOfLedger(lines: LedgerLine[]): Map<string, LedgerLine[]> {
  const out = new Map<string, LedgerLine[]>();
  for (const l of lines) {
    if (!l.included || !l.shard_key) continue;
    const list = out.get(l.shard_key) ?? [];
    list.push(l);
    out.set(l.shard_key, list);
  }
  return out;
}

/** Writes JSON lines durably (temporary file, fsync, rename, directory fsync). */
export function writeJsonLines(file: string, rows: unknown[]): void {
  const text = rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length ? "\n" : "");
  writeFileDurably(file, `${file}.tmp`, Buffer.from(text));
  fsyncDir(path.dirname(file));
}

export function readJsonLines<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}
