/**
 * An edition as a ZIM file (the format Kiwix reads offline; zimit's output in the spec), built by
 * openZIM's own `zimwriterfs` from zim-tools: the latest 2xx capture of every page and of the
 * stylesheets, images and scripts it uses is written into a temporary folder as a file (links
 * between captured files made relative, others left absolute), with a welcome page listing the
 * pages in English and French, then packed. A link to an address the crawl found redirected (an
 * old page moved) leads to where it redirected, when that is in the file: left as it was, it sent
 * the offline reader to the live web. One record is in memory at a time.
 */

import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { captureText, declareUtf8 } from "../replay/capture-text.js";
import { mapCssUrls, mapHtmlUrls } from "../replay/replay-rewrite.js";
import { readRecordAt } from "../replay/warc-reader.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { captureEntries } from "./cdxj.js";
import { type ExportTarget, pagesOf } from "./offline-store.js";
import { assertWarcsPresent } from "./warcs-present.js";
import { relativeLink, zimCanHold, zimPathOf } from "./zim-paths.js";

export const ZIM_INSTALL_HINT =
  "zimwriterfs (part of zim-tools) is not installed; install it with: apt-get install zim-tools";
const ILLUSTRATION = fileURLToPath(new URL("./zim-illustration-48.png", import.meta.url));
const ISO_639_3: Record<string, string> = { en: "eng", fr: "fra" };
const run = promisify(execFile);

interface Capture {
  url: string;
  ts: string;
  mime: string;
  warc: string;
  offset: number;
  length: number;
}

/** Where each redirected address led (fragment-free), from its latest redirect capture. */
type Redirects = Map<string, string>;

/** The latest 2xx capture of each URL whose type a ZIM can hold, and the redirects captured. */
async function latestCaptures(
  target: ExportTarget,
): Promise<{ latest: Map<string, Capture>; redirects: Redirects }> {
  const latest = new Map<string, Capture>();
  const moved = new Map<string, Capture>();
  /** Keeps the capture in `into` when it is the URL's latest there. */
  const keepLatest = (into: Map<string, Capture>, capture: Capture) => {
    const seen = into.get(capture.url);
    if (!seen || seen.ts < capture.ts) into.set(capture.url, capture);
  };
  for (const job of target.jobs)
    for await (const e of captureEntries(job.output_dir)) {
      const capture: Capture = {
        url: e.url.split("#")[0],
        ts: e.ts,
        mime: e.mime,
        warc: path.join(job.output_dir, e.file),
        offset: e.offset,
        length: e.length,
      };
      if (e.status >= 300 && e.status <= 399) keepLatest(moved, capture);
      else if (e.status >= 200 && e.status <= 299 && zimCanHold(e.mime)) keepLatest(latest, capture);
    }
  const redirects: Redirects = new Map();
  for (const [url, c] of moved) {
    if (latest.has(url)) continue;
    const location = (await readRecordAt(c.warc, c.offset, c.length)).headers.get("location");
    if (!location) continue;
    try {
      redirects.set(url, new URL(location, url).href.split("#")[0]);
    } catch {
      // a Location no browser could follow either
    }
  }
  return { latest, redirects };
}

/** Where a link to `url` ends up, following captured redirects (a few hops, no loops). */
function followRedirects(url: string, redirects: Redirects, held: ReadonlyMap<string, string>): string {
  let at = url;
  for (let hop = 0; hop < 5 && !held.has(at) && redirects.has(at); hop++) at = redirects.get(at) as string;
  return held.has(at) ? at : url;
}

/** ZIM path per URL; a second URL landing on a taken path gets a numbered one. */
function assignPaths(captures: Iterable<Capture>): Map<string, string> {
  const paths = new Map<string, string>();
  const taken = new Set<string>();
  for (const c of captures) {
    let p = zimPathOf(c.url, c.mime);
    for (let n = 2; taken.has(p.toLowerCase()); n++)
      p = zimPathOf(c.url, c.mime).replace(/(\.[a-z0-9]+)?$/i, `-${n}$1`);
    taken.add(p.toLowerCase());
    paths.set(c.url, p);
  }
  return paths;
}

/**
 * Text for the welcome page's HTML: escaped, and without control characters (a title stored before
 * the indexer dropped them may hold a NUL, which ends the page for a ZIM reader). Tab and line
 * breaks read as spaces.
 */
const esc = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "")
    .replace(/\s+/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

export function welcomePage(
  target: ExportTarget,
  pages: { title: string; lang: string; href: string }[],
): string {
  const list = (lang: string) =>
    pages
      .filter((p) => p.lang === lang)
      .sort((a, b) => a.title.localeCompare(b.title, lang))
      .map((p) => `<li><a href="${esc(p.href)}">${esc(p.title)}</a></li>`)
      .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(target.title)}</title></head>
<body><main>
<h1>${esc(target.title)}</h1>
<p>${esc(target.description)}</p>
<p lang="fr">Pages archivées de ${esc(target.sourceName)} (${target.year}), consultables hors ligne.</p>
<h2>Pages in English</h2><ul>${list("en")}</ul>
<h2 lang="fr">Pages en français</h2><ul lang="fr">${list("fr")}</ul>
</main></body></html>
`;
}

/** Cuts `text` to at most `max` characters at a word boundary (ZIM metadata limits). */
const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;

export interface ZimResult {
  file: string;
  pages: number;
  files: number;
  bytes: number;
}

export async function buildZim(
  db: StoreOrRepository,
  target: ExportTarget,
  outFile: string,
  zimwriterfs: string,
): Promise<ZimResult> {
  await assertWarcsPresent(asArchiveRepository(db), target.jobs);
  const { latest: captures, redirects } = await latestCaptures(target);
  const paths = assignPaths(captures.values());
  const known = new Map<string, { title: string | null; language: string | null }>();
  for await (const p of pagesOf(asArchiveRepository(db), target.jobs))
    known.set(p.url, { title: p.title, language: p.language });
  // Beside the output, not in /tmp: an edition's pages can outgrow a memory-backed /tmp.
  const dir = mkdtempSync(path.join(path.dirname(outFile), ".chc-zim-"));
  const partial = path.join(
    path.dirname(outFile),
    `.${path.basename(outFile, ".zim")}.${process.pid}.part.zim`,
  );
  try {
    const listed: { title: string; lang: string; href: string }[] = [];
    for (const c of captures.values()) {
      const own = paths.get(c.url) as string;
      const map = (abs: string) => {
        const cut = abs.indexOf("#");
        const to = paths.get(followRedirects(cut < 0 ? abs : abs.slice(0, cut), redirects, paths));
        return to ? relativeLink(own, to, cut < 0 ? "" : abs.slice(cut)) : abs;
      };
      const captured = await readRecordAt(c.warc, c.offset, c.length);
      const type = captured.headers.get("content-type");
      let body: Uint8Array = captured.body;
      // Written as UTF-8, and declared so: a ZIM reader has only the page's own declaration to go by.
      if (c.mime === "text/html" || c.mime === "application/xhtml+xml") {
        body = Buffer.from(mapHtmlUrls(declareUtf8(captureText(body, type)), c.url, map));
        const page = known.get(c.url);
        listed.push({ title: page?.title || c.url, lang: page?.language === "fr" ? "fr" : "en", href: own });
      } else if (c.mime === "text/css") body = Buffer.from(mapCssUrls(captureText(body, type), c.url, map));
      mkdirSync(path.dirname(path.join(dir, own)), { recursive: true });
      writeFileSync(path.join(dir, own), body);
    }
    writeFileSync(path.join(dir, "index.html"), welcomePage(target, listed));
    copyFileSync(ILLUSTRATION, path.join(dir, "illustration.png"));
    const languages = [...new Set(listed.map((p) => ISO_639_3[p.lang]))].sort();
    const short = `${target.sourceName} ${target.year}`;
    rmSync(partial, { force: true });
    await run(
      zimwriterfs,
      [
        "--welcome=index.html",
        "--illustration=illustration.png",
        `--language=${languages.length ? languages.join(",") : "eng"}`,
        `--title=${short.length <= 30 ? short : `${target.sourceCode.toUpperCase()} archive ${target.year}`}`,
        `--description=${clip(`Public-health pages of ${target.sourceName} archived in ${target.year}`, 80)}`,
        `--creator=${clip(target.sourceName, 80)}`,
        "--publisher=Community Health Canada web archive",
        `--name=chc-archive_${target.slug}`,
        `--tags=web-archive;public-health;${target.sourceCode}`,
        "--scraper=community-health-ca archive",
        ...(target.baseUrl ? [`--source=${target.baseUrl}`] : []),
        "--threads=2",
        // No --withoutFTIndex: the Xapian full-text index zimwriterfs adds is what Kiwix searches.
        dir,
        partial,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    renameSync(partial, outFile);
    return { file: outFile, pages: listed.length, files: captures.size, bytes: statSync(outFile).size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}
