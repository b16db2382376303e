/**
 * Reads the sitemaps a site publishes (sitemaps.org protocol): those named by `Sitemap:` lines of
 * its robots.txt, else `/sitemap.xml`. Sitemap indexes are followed; gzipped sitemaps are
 * unpacked. Each `<url>` gives its `<loc>` and, from its `xhtml:link rel="alternate" hreflang`
 * entries, its language and its other-language versions. Parsed with htmlparser2 in XML mode
 * (streaming, so a 50 MB sitemap is never held as a tree).
 */
import { gunzipSync } from "node:zlib";
import { Parser } from "htmlparser2";

export interface SitemapEntry {
  url: string;
  /** Primary language subtag from hreflang (en, fr), when the sitemap gives one. */
  language: string | null;
}

export interface SitemapResult {
  entries: SitemapEntry[];
  /** Sitemap files read. */
  sitemaps: string[];
  /** What could not be read, for the operator. */
  notes: string[];
}

export type GetBody = (url: string) => Promise<{ status: number; body: Buffer }>;

// Bounds, so a runaway sitemap index cannot exhaust memory or time.
export const SITEMAP_LIMITS = { files: 200, entries: 500_000 };

export function sitemapsFromRobots(robotsText: string | null): string[] {
  if (!robotsText) return [];
  return [...robotsText.matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)].map((m) => m[1]);
}

const language = (hreflang: string | undefined) => {
  const tag = (hreflang ?? "").trim().toLowerCase();
  return !tag || tag === "x-default" ? null : tag.split("-")[0];
};

/** Entries and nested sitemap addresses of one sitemap document. */
export function parseSitemap(xml: string): { entries: SitemapEntry[]; sitemaps: string[] } {
  const entries: SitemapEntry[] = [];
  const sitemaps: string[] = [];
  const stack: string[] = [];
  let text = "";
  let loc = "";
  let alternates: { href: string; lang: string | null }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const local = name.toLowerCase().replace(/^.*:/, "");
        stack.push(local);
        text = "";
        if (local === "url") {
          loc = "";
          alternates = [];
        }
        if (local === "link" && stack.includes("url") && attrs.rel === "alternate" && attrs.href)
          alternates.push({ href: attrs.href.trim(), lang: language(attrs.hreflang) });
      },
      ontext(t) {
        text += t;
      },
      onclosetag() {
        const local = stack.pop();
        const parent = stack.at(-1);
        if (local === "loc" && parent === "url") loc = text.trim();
        if (local === "loc" && parent === "sitemap") sitemaps.push(text.trim());
        if (local === "url" && loc) {
          entries.push({ url: loc, language: alternates.find((a) => a.href === loc)?.lang ?? null });
          for (const a of alternates) if (a.href !== loc) entries.push({ url: a.href, language: a.lang });
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { entries, sitemaps };
}

export async function readSitemaps(
  origin: string,
  robotsText: string | null,
  get: GetBody,
): Promise<SitemapResult> {
  const named = sitemapsFromRobots(robotsText);
  const queue = named.length ? [...named] : [`${origin}/sitemap.xml`];
  const seen = new Set<string>();
  const result: SitemapResult = { entries: [], sitemaps: [], notes: [] };
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    if (seen.size > SITEMAP_LIMITS.files) {
      result.notes.push(`stopped after ${SITEMAP_LIMITS.files} sitemap files`);
      break;
    }
    try {
      const res = await get(url);
      if (res.status !== 200) {
        // A site without /sitemap.xml is common: only a sitemap it names is worth a note.
        if (named.length) result.notes.push(`${url} answered ${res.status}`);
        continue;
      }
      const bytes = res.body[0] === 0x1f && res.body[1] === 0x8b ? gunzipSync(res.body) : res.body;
      const parsed = parseSitemap(bytes.toString("utf8"));
      result.sitemaps.push(url);
      queue.push(...parsed.sitemaps);
      const room = SITEMAP_LIMITS.entries - result.entries.length;
      result.entries.push(...parsed.entries.slice(0, room));
      if (parsed.entries.length > room) {
        result.notes.push(`stopped at ${SITEMAP_LIMITS.entries} sitemap URLs`);
        break;
      }
    } catch (err) {
      result.notes.push(`${url} could not be read: ${String((err as Error).message ?? err).slice(0, 200)}`);
    }
  }
  return result;
}
