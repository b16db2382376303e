/**
 * Where each captured URL lives inside a ZIM: `<host>/<path>`, with `index.html` for a folder,
 * an extension that matches the media type (zimwriterfs takes the type from the extension), and
 * a short hash of the query string so two queries of one page never share a file. Links between
 * captured files become relative paths; anything not captured stays an absolute link.
 */
import { createHash } from "node:crypto";
import { posix as path } from "node:path";

const EXTENSIONS: Record<string, string> = {
  "text/html": ".html",
  "application/xhtml+xml": ".html",
  "text/css": ".css",
  "text/javascript": ".js",
  "application/javascript": ".js",
  "application/json": ".json",
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/gif": ".gif",
  "image/svg+xml": ".svg",
  "image/webp": ".webp",
  "image/x-icon": ".ico",
  "image/vnd.microsoft.icon": ".ico",
  "application/pdf": ".pdf",
  "font/woff": ".woff",
  "font/woff2": ".woff2",
  "text/plain": ".txt",
};

/** True for the media types a ZIM can hold and a reader can show. */
export const zimCanHold = (mime: string) => mime in EXTENSIONS;

const safe = (segment: string) =>
  segment
    .replace(/%[0-9A-Fa-f]{2}/g, (m) => {
      const c = String.fromCharCode(Number.parseInt(m.slice(1), 16));
      return /[A-Za-z0-9._~-]/.test(c) ? c : "_";
    })
    .replace(/[^A-Za-z0-9._~-]/g, "_");

/** The file path (relative, `/`-separated) for a capture of `url` served as `mime`. */
export function zimPathOf(url: string, mime: string): string {
  const u = new URL(url);
  const ext = EXTENSIONS[mime] ?? "";
  let file = u.pathname.endsWith("/") ? `${u.pathname}index${ext}` : u.pathname;
  const segments = file.split("/").filter(Boolean).map(safe);
  let last = segments.pop() ?? `index${ext}`;
  if (u.search) {
    const tag = createHash("sha1").update(u.search).digest("hex").slice(0, 10);
    const dot = last.lastIndexOf(".");
    last = dot > 0 ? `${last.slice(0, dot)}_${tag}${last.slice(dot)}` : `${last}_${tag}`;
  }
  if (ext && !last.toLowerCase().endsWith(ext) && !(ext === ".html" && last.toLowerCase().endsWith(".htm")))
    last = `${last}${ext}`;
  file = [safe(u.host), ...segments, last].join("/");
  return file;
}

/** The link from the file `from` to `to` (both ZIM paths), keeping the original fragment. */
export function relativeLink(from: string, to: string, fragment: string): string {
  const rel = path.relative(path.dirname(from), to) || path.basename(to);
  return `${rel}${fragment}`;
}
