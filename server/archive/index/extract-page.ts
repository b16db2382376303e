/**
 * Reads an HTML page with htmlparser2: the links and resources it references (for the crawler),
 * and its title, lang attribute and visible text (for the indexer).
 */
import { Parser } from "htmlparser2";

const LINK_ATTRS: Record<string, string[]> = {
  a: ["href"],
  area: ["href"],
  link: ["href"],
  img: ["src"],
  script: ["src"],
  iframe: ["src"],
  source: ["src"],
  frame: ["src"],
};

// What a page needs to display (images, scripts, frames, stylesheets), as opposed to where it leads.
const EMBED_TAGS = new Set(["img", "script", "iframe", "source", "frame"]);
const EMBED_RELS = /(^|\s)(stylesheet|icon|preload|modulepreload|manifest)(\s|$)/i;

/**
 * Every URL the page points to, resolved against the page (and its <base href>). With
 * `embedsOnly`, only what the page embeds (page requisites), not the links it leads to.
 */
export function extractLinks(html: string, pageUrl: string, opts: { embedsOnly?: boolean } = {}): string[] {
  let base = pageUrl;
  const out: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "base" && attrs.href) {
          try {
            base = new URL(attrs.href, pageUrl).href;
          } catch {
            // a bad <base> is ignored, as browsers do
          }
        }
        const embeds = EMBED_TAGS.has(name) || (name === "link" && EMBED_RELS.test(attrs.rel ?? ""));
        if (opts.embedsOnly && !embeds) return;
        for (const attr of LINK_ATTRS[name] ?? []) if (attrs[attr]) out.push(attrs[attr]);
        if (attrs.srcset) for (const part of attrs.srcset.split(",")) out.push(part.trim().split(/\s+/)[0]);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const resolved: string[] = [];
  for (const l of out) {
    try {
      resolved.push(new URL(l, base).href);
    } catch {
      // unparsable reference: not a link
    }
  }
  return resolved;
}

/** URLs referenced from a stylesheet (url(...) and @import). */
export function extractCssLinks(css: string, sheetUrl: string): string[] {
  const out: string[] = [];
  for (const m of css.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]/g)) {
    try {
      out.push(new URL(m[1] ?? m[2], sheetUrl).href);
    } catch {
      // ignore
    }
  }
  return out;
}

export interface PageText {
  title: string;
  lang: string | null;
  text: string;
  /** Text of the h1–h6 headings, for naming changed sections. */
  headings: string[];
}

// Navigation and footers repeat on every page; leaving them out keeps snippets and ranking about the page.
// Exported for replay-marks.ts, which must find a diff's lines in the same text this reads.
export const SKIP = new Set(["script", "style", "noscript", "template", "svg", "nav", "footer"]);
export const BLOCK =
  /^(p|div|h[1-6]|li|ul|ol|section|article|header|footer|nav|main|table|tr|td|th|br|dd|dt|blockquote)$/;

export function extractText(html: string): PageText {
  let title = "";
  let lang: string | null = null;
  let inTitle = false;
  let skipDepth = 0;
  let mainDepth = 0;
  let heading: string | null = null;
  const headings: string[] = [];
  const all: string[] = [];
  const inMain: string[] = [];
  // Text inside <main> when the page has one (the page's own content), else the whole body.
  const push = (t: string) => {
    all.push(t);
    if (mainDepth > 0) inMain.push(t);
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "html" && attrs.lang) lang = attrs.lang;
        if (name === "title") inTitle = true;
        if (SKIP.has(name)) skipDepth += 1;
        if (name === "main") mainDepth += 1;
        if (/^h[1-6]$/.test(name)) heading = "";
        if (BLOCK.test(name)) push("\n");
        if (name === "img" && attrs.alt && skipDepth === 0) push(` ${attrs.alt} `);
      },
      ontext(data) {
        if (inTitle) title += data;
        else if (skipDepth === 0) {
          push(data);
          if (heading !== null) heading += data;
        }
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
        if (SKIP.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        if (name === "main") mainDepth = Math.max(0, mainDepth - 1);
        if (/^h[1-6]$/.test(name) && heading !== null) {
          if (heading.trim()) headings.push(heading.replace(/\s+/g, " ").trim());
          heading = null;
        }
        if (BLOCK.test(name)) push("\n");
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const text = (inMain.join("").trim() ? inMain : all)
    .join("")
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
  return { title: title.replace(/\s+/g, " ").trim(), lang, text, headings };
}

const FR = new Set([
  "le",
  "la",
  "les",
  "des",
  "du",
  "et",
  "est",
  "une",
  "pour",
  "dans",
  "sur",
  "au",
  "aux",
  "vous",
  "qui",
  "que",
  "pas",
  "avec",
  "santé",
  "être",
]);
const EN = new Set([
  "the",
  "and",
  "of",
  "to",
  "is",
  "for",
  "in",
  "on",
  "with",
  "you",
  "are",
  "that",
  "this",
  "be",
  "your",
  "health",
  "from",
  "or",
  "by",
  "an",
]);

/** The page's lang attribute (primary subtag), else en or fr by counting common words. */
export function detectLanguage(lang: string | null, text: string): string {
  if (lang) return lang.toLowerCase().split(/[-_]/)[0].slice(0, 10);
  let fr = 0;
  let en = 0;
  for (const w of text
    .toLowerCase()
    .split(/[^a-zà-ÿ]+/)
    .slice(0, 2000)) {
    if (FR.has(w)) fr++;
    if (EN.has(w)) en++;
  }
  return fr > en ? "fr" : "en";
}
