/**
 * The demo site's `/sitemap.xml` (sitemaps.org protocol): every public page, each English page
 * with its French twin as `xhtml:link` alternates (and the reverse), as a bilingual government
 * site publishes them. Addresses are absolute, so the server fills in its own origin.
 */
import type { DemoFile } from "./render.js";

/** Replaced by the served origin (`http://127.0.0.1:PORT`) in files marked `withOrigin`. */
export const ORIGIN_MARK = "{{origin}}";

const twinOf = (p: string) =>
  p.startsWith("/en/") ? `/fr/${p.slice(4)}` : p.startsWith("/fr/") ? `/en/${p.slice(4)}` : null;

export function demoSitemap(files: Map<string, DemoFile>): DemoFile {
  const pages = [...files.entries()]
    .filter(([p, f]) => f.type.startsWith("text/html") && !p.startsWith("/private/"))
    .map(([p]) => p)
    .sort();
  const link = (lang: string, p: string) =>
    `<xhtml:link rel="alternate" hreflang="${lang}" href="${ORIGIN_MARK}${p}"/>`;
  const entries = pages.map((p) => {
    const twin = twinOf(p);
    const alternates =
      twin && files.has(twin) ? `${link(p.slice(1, 3), p)}${link(twin.slice(1, 3), twin)}` : "";
    return `<url><loc>${ORIGIN_MARK}${p}</loc>${alternates}</url>`;
  });
  return {
    type: "application/xml",
    withOrigin: true,
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`,
  };
}
