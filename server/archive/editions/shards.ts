/**
 * Shard keys of an annual edition (shard_kind `path-language`): the ledger's URLs are grouped by
 * language, then by path prefix, so that no shard holds more than `maxUrls` URLs.
 *
 * A group that fits is one shard, keyed `<prefix>|<language>` (`/en/topics/|en`). A group too big
 * is split by its next directory: sub-directories still too big are split the same way, and the
 * smaller ones (with the files directly in the prefix) are packed in path order into as few shards
 * as fit, numbered when there are several (`/en/topics/|en|2`). A shard therefore holds the URLs
 * under its prefix that no more specific shard holds. The same ledger always gives the same keys.
 */
import { createHash } from "node:crypto";

export interface ShardInput {
  url: string;
  language: string;
}

interface Item {
  url: string;
  dirs: string[];
}

const MAX_KEY = 200;

/** The directories of a URL's path: `/en/topics/flu/page.html` → en, topics, flu. */
function dirsOf(url: string): string[] {
  return new URL(url).pathname.split("/").slice(1, -1).filter(Boolean);
}

function keyOf(prefix: string, language: string, part?: number): string {
  const tail = `|${language}${part ? `|${part}` : ""}`;
  if (prefix.length + tail.length <= MAX_KEY) return `${prefix}${tail}`;
  // Very deep paths: keep the start readable and a digest of the whole, so keys stay unique.
  const digest = createHash("sha256").update(prefix).digest("hex").slice(0, 12);
  return `${prefix.slice(0, MAX_KEY - tail.length - 14)}…${digest}${tail}`;
}

function split(
  items: Item[],
  depth: number,
  prefix: string,
  language: string,
  max: number,
  out: Map<string, string[]>,
) {
  if (items.length <= max) {
    out.set(
      keyOf(prefix, language),
      items.map((i) => i.url),
    );
    return;
  }
  const groups = new Map<string, Item[]>(); // "" holds the files directly in `prefix`
  for (const item of items) {
    const name = item.dirs[depth] ?? "";
    const list = groups.get(name);
    if (list) list.push(item);
    else groups.set(name, [item]);
  }
  const names = [...groups.keys()].sort();
  if (names.length === 1 && names[0] !== "") {
    split(items, depth + 1, `${prefix}${names[0]}/`, language, max, out);
    return;
  }
  const bins: Item[][] = [];
  let bin: Item[] = [];
  for (const name of names) {
    const group = groups.get(name)!;
    if (name !== "" && group.length > max) {
      split(group, depth + 1, `${prefix}${name}/`, language, max, out);
      continue;
    }
    // Only the files directly in `prefix` can exceed the limit here: they are cut in path order.
    for (let i = 0; i < group.length; i += max) {
      const chunk = group.slice(i, i + max);
      if (bin.length + chunk.length > max) {
        bins.push(bin);
        bin = [];
      }
      bin.push(...chunk);
    }
  }
  if (bin.length) bins.push(bin);
  bins.forEach((b, i) => {
    out.set(
      keyOf(prefix, language, bins.length > 1 ? i + 1 : undefined),
      b.map((x) => x.url),
    );
  });
}

/** Shard key → its URLs (in path order), for every URL given. */
export function planShards(entries: ShardInput[], maxUrls: number): Map<string, string[]> {
  const byLanguage = new Map<string, Item[]>();
  for (const e of entries) {
    const list = byLanguage.get(e.language) ?? [];
    list.push({ url: e.url, dirs: dirsOf(e.url) });
    byLanguage.set(e.language, list);
  }
  const out = new Map<string, string[]>();
  for (const language of [...byLanguage.keys()].sort()) {
    const items = byLanguage.get(language)!.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    split(items, 0, "/", language, maxUrls, out);
  }
  return out;
}
