/**
 * File-system errors name absolute paths ("EROFS: read-only file system, open
 * '/srv/chc/data/directory.journal'"). Those tell an outsider how the host is laid out, so what
 * the public reads names a file relative to DATA_DIR instead ("directory.journal"), or only its
 * base name when it lies elsewhere; the log keeps the full text.
 */
import fs from "node:fs";
import path from "node:path";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** DATA_DIR as given, resolved, and with symbolic links followed (an error may name any of them). */
function dataDirForms(dataDir: string): string[] {
  const forms = new Set([path.resolve(dataDir)]);
  try {
    forms.add(fs.realpathSync(dataDir));
  } catch {
    // DATA_DIR is gone or unreadable: the resolved form is all there is.
  }
  // Longest first, so a root nested in another is replaced before its parent.
  return [...forms].filter((f) => f !== path.parse(f).root).sort((a, b) => b.length - a.length);
}

/** Node quotes every path it puts in an error message: 'open '/a/b'' or 'rename '/a' -> '/b''. */
const QUOTED_ABSOLUTE_PATH = /'(\/[^']*)'/g;

export type PathHider = (text: string) => string;

/** A function that rewrites the paths of a text; DATA_DIR's forms are worked out once, here. */
export function dataPathHider(dataDir: string): PathHider {
  const roots = dataDirForms(dataDir).map((root) => {
    const r = escapeRegExp(root);
    return {
      inside: new RegExp(`${r}${escapeRegExp(path.sep)}`, "g"),
      itself: new RegExp(`${r}(?=['"\\s,;:)]|$)`, "g"),
    };
  });
  return (text) => {
    let out = text;
    for (const { inside, itself } of roots) out = out.replace(inside, "").replace(itself, ".");
    return out.replace(QUOTED_ABSOLUTE_PATH, (_match, file: string) => `'${path.basename(file)}'`);
  };
}

/** The same, through every string of a JSON-like value (the health check's operator view). */
export function hidePathsDeep<T>(value: T, hide: PathHider): T {
  if (typeof value === "string") return hide(value) as T;
  if (Array.isArray(value)) return value.map((v) => hidePathsDeep(v, hide)) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hidePathsDeep(v, hide)])) as T;
  }
  return value;
}
