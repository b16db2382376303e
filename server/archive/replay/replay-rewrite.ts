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

const BASE_TAG = /<base\b[^>]*>/i;
const HREF_ATTR = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/i;
const META_REFRESH = /<meta\b[^>]*\bhttp-equiv\s*=\s*["']?refresh\b[^>]*>/gi;
const CONTENT_ATTR = /(\scontent\s*=\s*)(?:"([^"]*)"|'([^']*)')/i;
// "5; url=next.html", "0;URL='next.html'", "3, next.html" (browsers take all three).
const REFRESH_VALUE = /^\s*([\d.]+)(?:\s*[;,]\s*|\s+)(?:url\s*=\s*)?(['"]?)(.+?)\2\s*$/i;

/**
 * The URL the page's links are relative to, and the page without its <base href>: every URL is
 * resolved against it here, so the browser must not apply it a second time to the mapped ones
 * (the ZIM export's are relative to the page's own path).
 */
function withoutBaseHref(html: string, pageUrl: string): { html: string; base: string } {
  const tag = BASE_TAG.exec(html);
  const href = tag ? HREF_ATTR.exec(tag[0]) : null;
  if (!tag || !href) return { html, base: pageUrl };
  let base = pageUrl;
  try {
    const resolved = new URL((href[1] ?? href[2] ?? href[3] ?? "").replace(/&amp;/g, "&").trim(), pageUrl);
    if (resolved.protocol === "http:" || resolved.protocol === "https:") base = resolved.href;
  } catch {
    // An unparsable base is ignored by browsers too.
  }
  const kept = tag[0].replace(HREF_ATTR, "");
  return { html: html.slice(0, tag.index) + kept + html.slice(tag.index + tag[0].length), base };
}

function mapMetaRefresh(html: string, base: string, map: UrlMapper): string {
  return html.replace(META_REFRESH, (tag) =>
    tag.replace(CONTENT_ATTR, (_m, pre, dq, sq) => {
      const value = (dq ?? sq ?? "").replace(/&amp;/g, "&");
      const parts = REFRESH_VALUE.exec(value);
      if (!parts) return _m;
      return `${pre}"${escAttr(`${parts[1]}; url=${rewriteOne(parts[3], base, map)}`)}"`;
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
