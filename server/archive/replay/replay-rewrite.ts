/**
 * Rewrites an archived page so that it stays inside its job's collection on the replay origin:
 * every http(s) URL in HTML attributes, srcset and CSS url()/@import becomes
 * `/job-<id>/<absolute URL>`; a banner (English and French) with the capture time and a link back
 * to the app is added after <body>. Non-http links (mailto:, javascript:, data:) are left as they are.
 * URLs resolve against the page's own <base href> when it has one, and a meta refresh is mapped like
 * a link: left alone, either sent the reader to the live web or to the wrong archived page.
 * The same walk over a page's URLs (mapHtmlUrls, mapCssUrls) serves the ZIM export's own mapping.
 */
import { captureTimeHtml } from "./replay-time.js";

const ATTR = /(\s(?:href|src|action|poster|background|data)\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;
const SRCSET = /(\ssrcset\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;
const CSS_URL = /url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3/g;

export function replayPath(jobId: number, url: string): string {
  return `/job-${jobId}/${url}`;
}

/** Where an absolute http(s) URL found in a page should point instead. */
export type UrlMapper = (absoluteUrl: string) => string;

function rewriteOne(value: string, base: string, map: UrlMapper): string {
  const v = value.trim();
  if (!v || v.startsWith("#") || /^(mailto|javascript|data|tel|blob|about):/i.test(v)) return value;
  try {
    const abs = new URL(v, base);
    if (abs.protocol !== "http:" && abs.protocol !== "https:") return value;
    return map(abs.href);
  } catch {
    return value;
  }
}

/** Every url() and @import of a stylesheet, mapped. */
export function mapCssUrls(css: string, base: string, map: UrlMapper): string {
  return css.replace(CSS_URL, (_m, q1, u1, q3, u3) =>
    u1 !== undefined
      ? `url(${q1}${rewriteOne(u1, base, map)}${q1})`
      : `@import ${q3}${rewriteOne(u3, base, map)}${q3}`,
  );
}

export function rewriteCss(css: string, base: string, jobId: number): string {
  return mapCssUrls(css, base, (u) => replayPath(jobId, u));
}

const escAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const BASE_TAGS = /<base\b[^>]*>/gi;
const HREF_ATTR = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/i;
// What a browser does not read as markup: comments, and the text of scripts and styles.
const NOT_MARKUP = /<!--[\s\S]*?(?:-->|$)|(<(script|style)\b[^>]*>)[\s\S]*?(?=<\/\2\s*>|$)/gi;
const META_REFRESH = /<meta\b[^>]*\bhttp-equiv\s*=\s*["']?refresh\b[^>]*>/gi;
const CONTENT_ATTR = /(\scontent\s*=\s*)(?:"([^"]*)"|'([^']*)')/i;
// "5; url=next.html", "0;URL='next.html'", "3, next.html" (browsers take all three).
const REFRESH_VALUE = /^\s*([\d.]+)(?:\s*[;,]\s*|\s+)(?:url\s*=\s*)?(.+)$/i;

/** An attribute's text as the browser reads it: the few character references a URL holds. */
const attrText = (value: string) =>
  value
    .replace(/&quot;|&#34;|&#x22;/gi, '"')
    .replace(/&apos;|&#39;|&#x27;/gi, "'")
    .replace(/&amp;/gi, "&");

/**
 * The URL the page's links are relative to, and the page without any <base href>: every URL is
 * resolved against it here, so the browser must not apply one a second time to the mapped ones
 * (the ZIM export's are relative to the page's own path). As in a browser, the first <base> with
 * an href counts, and one inside a comment or a script is not a tag at all.
 */
function withoutBaseHref(html: string, pageUrl: string): { html: string; base: string } {
  const markup = html.replace(NOT_MARKUP, (m, open: string | undefined) =>
    open ? open + " ".repeat(m.length - open.length) : " ".repeat(m.length),
  );
  const tags = [...markup.matchAll(BASE_TAGS)].filter((tag) => HREF_ATTR.test(tag[0]));
  if (!tags.length) return { html, base: pageUrl };
  let base = pageUrl;
  const href = HREF_ATTR.exec(tags[0][0]) as RegExpExecArray;
  try {
    const resolved = new URL(attrText(href[1] ?? href[2] ?? href[3] ?? "").trim(), pageUrl);
    if (resolved.protocol === "http:" || resolved.protocol === "https:") base = resolved.href;
  } catch {
    // An unparsable base is ignored by browsers too.
  }
  let out = "";
  let at = 0;
  for (const tag of tags) {
    const index = tag.index as number;
    out += html.slice(at, index) + html.slice(index, index + tag[0].length).replace(HREF_ATTR, "");
    at = index + tag[0].length;
  }
  return { html: out + html.slice(at), base };
}

/** A refresh's target: up to its closing quote when it opens with one (browsers accept it unclosed). */
function refreshTarget(text: string): string {
  const quote = text[0] === '"' || text[0] === "'" ? text[0] : null;
  if (!quote) return text.trim();
  const end = text.indexOf(quote, 1);
  return text.slice(1, end < 0 ? undefined : end).trim();
}

function mapMetaRefresh(html: string, base: string, map: UrlMapper): string {
  return html.replace(META_REFRESH, (tag) =>
    tag.replace(CONTENT_ATTR, (whole, pre, dq, sq) => {
      const parts = REFRESH_VALUE.exec(attrText(dq ?? sq ?? ""));
      const target = parts ? refreshTarget(parts[2]) : "";
      if (!parts || !target) return whole;
      return `${pre}"${escAttr(`${parts[1]}; url=${rewriteOne(target, base, map)}`)}"`;
    }),
  );
}

/** Every URL of a page (attributes, srcset, style blocks and attributes, meta refresh), mapped. */
export function mapHtmlUrls(html: string, pageUrl: string, map: UrlMapper): string {
  const { html: page, base } = withoutBaseHref(html, pageUrl);
  let out = mapMetaRefresh(page, base, map).replace(ATTR, (_m, pre, dq, sq, bare) => {
    const value = dq ?? sq ?? bare ?? "";
    return `${pre}"${escAttr(rewriteOne(value.replace(/&amp;/g, "&"), base, map))}"`;
  });
  out = out.replace(SRCSET, (_m, pre, dq, sq) => {
    const parts = (dq ?? sq ?? "").split(",").map((p: string) => {
      const [u, ...rest] = p.trim().split(/\s+/);
      return [rewriteOne(u, base, map), ...rest].join(" ");
    });
    return `${pre}"${escAttr(parts.join(", "))}"`;
  });
  out = out.replace(
    /(<style[^>]*>)([\s\S]*?)(<\/style>)/gi,
    (_m, a, css, b) => a + mapCssUrls(css, base, map) + b,
  );
  return out.replace(/(\sstyle\s*=\s*")([^"]*)"/gi, (_m, pre, css) => `${pre}${mapCssUrls(css, base, map)}"`);
}

export function rewriteHtml(
  html: string,
  base: string,
  jobId: number,
  banner: { captured: string; appUrl: string | null },
): string {
  const out = mapHtmlUrls(html, base, (u) => replayPath(jobId, u));
  const link = (text: string, lang: string) =>
    `<a href="${escAttr(banner.appUrl ?? "")}" lang="${lang}" style="color:#fff">${text}</a>`;
  const back = banner.appUrl
    ? ` · ${link("Back to the archive", "en")} · ${link("Retour aux archives", "fr")}`
    : "";
  const bar =
    `<div id="chc-replay-banner" lang="en" style="position:sticky;top:0;z-index:2147483647;background:#1d3b5a;color:#fff;font:14px sans-serif;padding:6px 10px">` +
    `Archived capture of ${escAttr(base)} taken ${captureTimeHtml(banner.captured, "en")}` +
    ` · <span lang="fr">capture archivée prise le ${captureTimeHtml(banner.captured, "fr")}</span>${back}</div>`;
  const body = /<body[^>]*>/i.exec(out);
  return body
    ? out.slice(0, body.index + body[0].length) + bar + out.slice(body.index + body[0].length)
    : bar + out;
}
