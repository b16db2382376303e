/**
 * An Atom 1.0 document (RFC 4287) of changes, written by a small writer that escapes every text
 * and attribute value. Ids are tag: URIs that never change for a change or a feed, so a feed
 * reader shows each change once however often it polls. Nothing here reads the database.
 */
import type { ArchiveChange, Significance } from "../../../shared/archive/changes.js";
import type { Lang } from "../../core/http/response-lang.js";

/** Escapes text and attribute values alike; drops characters XML 1.0 cannot carry. */
export const xmlEscape = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

const WORDS: Record<
  Lang,
  {
    title: string;
    author: string;
    ofSource: (s: string) => string;
    ofPage: (u: string) => string;
    ofSearch: (q: string) => string;
    earlier: string;
    later: string;
    page: string;
    level: Record<Significance, string>;
    types: Record<ArchiveChange["type"], string>;
  }
> = {
  en: {
    title: "Changes to archived public-health pages",
    author: "Public-health web archive",
    ofSource: (s) => `source ${s}`,
    ofPage: (u) => `page ${u}`,
    ofSearch: (q) => `search “${q}”`,
    earlier: "Earlier capture",
    later: "Later capture",
    page: "The page on its own site",
    level: { noise: "Noise", minor: "Minor change", moderate: "Moderate change", major: "Major change" },
    types: { new_page: "New page", updated: "Updated", removed: "Removed" },
  },
  fr: {
    title: "Changements des pages de santé publique archivées",
    author: "Archive Web de santé publique",
    ofSource: (s) => `source ${s}`,
    ofPage: (u) => `page ${u}`,
    ofSearch: (q) => `recherche «\u00a0${q}\u00a0»`,
    earlier: "Capture précédente",
    later: "Capture suivante",
    page: "La page sur son propre site",
    level: {
      noise: "Bruit",
      minor: "Changement mineur",
      moderate: "Changement modéré",
      major: "Changement majeur",
    },
    types: { new_page: "Nouvelle page", updated: "Mise à jour", removed: "Supprimée" },
  },
};

export interface FeedRequest {
  /** The app's public origin, for absolute links (https://host[:port]); its host names tag: ids. */
  origin: string;
  /** This feed's own address, as asked (rel="self"). */
  self: string;
  /** The web page showing the same changes (rel="alternate"). */
  htmlPage: string;
  /** What the feed is narrowed to, for its title and id. */
  scope: { source?: string; url?: string; q?: string; canonicalQuery: string };
  lang: Lang;
  /** The newest time anything in the feed was found; the feed's <updated>. */
  updated: string;
}

/** The day the archive's tag: ids are minted under (fixed: ids never change). */
const TAG_DATE = "2026";

export function atomFeed(req: FeedRequest, changes: readonly ArchiveChange[]): string {
  const w = WORDS[req.lang];
  // The public origin's host: fixed when the app has a public URL, so ids never change with Host.
  const host = new URL(req.origin).hostname;
  const tag = (specific: string) => `tag:${host},${TAG_DATE}:${specific}`;
  const narrowed = [
    req.scope.source ? w.ofSource(req.scope.source) : null,
    req.scope.url ? w.ofPage(req.scope.url) : null,
    req.scope.q ? w.ofSearch(req.scope.q) : null,
  ].filter(Boolean);
  const title = narrowed.length ? `${w.title} (${narrowed.join(", ")})` : w.title;
  const link = (rel: string, href: string, type?: string, linkTitle?: string) =>
    `<link rel="${rel}" href="${xmlEscape(href)}"${type ? ` type="${type}"` : ""}${linkTitle ? ` title="${xmlEscape(linkTitle)}"` : ""}/>`;
  const abs = (path: string) => `${req.origin}${path}`;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${req.lang}">`,
    `<id>${xmlEscape(tag(`archive/changes${req.scope.canonicalQuery ? `?${req.scope.canonicalQuery}` : ""}`))}</id>`,
    `<title>${xmlEscape(title)}</title>`,
    `<updated>${xmlEscape(req.updated)}</updated>`,
    `<author><name>${xmlEscape(w.author)}</name></author>`,
    link("self", req.self, "application/atom+xml"),
    link("alternate", req.htmlPage, "text/html"),
  ];
  for (const c of changes) {
    const view =
      c.previousSnapshotId && c.snapshotId
        ? abs(`/archive/compare?from=${c.previousSnapshotId}&to=${c.snapshotId}&lang=${req.lang}`)
        : abs(`/archive/snapshots/${c.snapshotId ?? c.previousSnapshotId}?lang=${req.lang}`);
    const summary = `${w.level[c.significance]} · ${w.types[c.type]}. ${c.summary ?? ""}. ${c.significanceReason}`;
    lines.push(
      "<entry>",
      `<id>${xmlEscape(tag(`archive/change/${c.id}`))}</id>`,
      `<title>${xmlEscape(`${w.level[c.significance]}: ${c.title || c.url}`)}</title>`,
      `<updated>${xmlEscape(c.capturedAt)}</updated>`,
      link("alternate", view, "text/html"),
      c.previousSnapshotId
        ? link("related", abs(`/archive/snapshots/${c.previousSnapshotId}`), "text/html", w.earlier)
        : "",
      c.snapshotId ? link("related", abs(`/archive/snapshots/${c.snapshotId}`), "text/html", w.later) : "",
      link("via", c.url, undefined, w.page),
      `<category term="${c.significance}" label="${xmlEscape(w.level[c.significance])}"/>`,
      `<summary>${xmlEscape(summary.replace(/\.\s*\./g, "."))}</summary>`,
      "</entry>",
    );
  }
  lines.push("</feed>");
  return `${lines.filter(Boolean).join("\n")}\n`;
}
