/**
 * Writes an edition or a job as a WACZ 1.1.1 package (Webrecorder's format, read by
 * ReplayWeb.page with no server): `archive/` holds the WARC files as they are, `indexes/index.cdxj`
 * the sorted CDXJ, `pages/pages.jsonl` the captured pages after its header line (each with its
 * visible text, which ReplayWeb.page's full-text search reads),
 * `datapackage.json` the SHA-256 and size of every file, `datapackage-digest.json` the hash of
 * that manifest. Every entry is stored, not compressed (the spec asks so WARCs stay seekable).
 *
 * Streamed in one pass: each WARC is hashed while yazl copies it, and datapackage.json is built
 * when yazl reaches it, after the last WARC. Its length is known beforehand (a SHA-256 in hex is
 * always 64 characters), so the package's total size is known before the first byte, for
 * Content-Length. Memory holds the CDXJ and page lines (text included), never a WARC.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { PassThrough, Readable, Transform } from "node:stream";
import { ZipFile } from "yazl";
import type { ArchiveRepository } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { indexForPackage, type PackagedWarc } from "./cdxj.js";
import { type ExportTarget, pagesOf } from "./offline-store.js";
import { pageTextReader } from "./page-text.js";
import { assertWarcsPresent } from "./warcs-present.js";

export const WACZ_MEDIA_TYPE = "application/wacz+zip";
export const WACZ_VERSION = "1.1.1";
const SOFTWARE = "community-health-ca web archive (WACZ export)";
const PENDING_HASH = `sha256:${"0".repeat(64)}`;
const NO_STREAM = undefined as unknown as NodeJS.ReadableStream;
// Frictionless Data resource names are lower case letters, digits and . _ / -.
const resourceName = (file: string) => file.toLowerCase().replace(/[^-a-z0-9._/]/g, "-");
const sha256 = (b: Buffer) => `sha256:${createHash("sha256").update(b).digest("hex")}`;

export interface WaczPackage {
  /** The zip bytes; read it once. */
  stream: Readable;
  /** Exact length of `stream` in bytes. */
  size: number;
  /** Download name, e.g. `chc-archive-demo-2026.wacz`. */
  filename: string;
  pages: number;
  warcs: number;
}

interface MainPage {
  url: string;
  ts: string;
}

interface Resource {
  name: string;
  path: string;
  hash: string;
  bytes: number;
}

async function pagesJsonl(db: ArchiveRepository, target: ExportTarget) {
  const lines = [JSON.stringify({ format: "json-pages-1.0", id: "pages", title: "All Pages" })];
  // Replay opens at the source's home page when it was captured, else at the first page.
  let first: MainPage | null = null;
  let home: MainPage | null = null;
  const textOf = await pageTextReader(target.jobs);
  for await (const p of pagesOf(db, target.jobs)) {
    const page: Record<string, string> = { id: String(p.id), url: p.url, ts: p.capture_timestamp };
    if (p.title) page.title = p.title;
    const text = await textOf(p.url, p.capture_timestamp);
    if (text) page.text = text;
    lines.push(JSON.stringify(page));
    first ??= { url: p.url, ts: p.capture_timestamp };
    if (!home && p.url === target.baseUrl) home = { url: p.url, ts: p.capture_timestamp };
  }
  return { buffer: Buffer.from(`${lines.join("\n")}\n`), count: lines.length - 1, main: home ?? first };
}

function datapackage(target: ExportTarget, created: string, resources: Resource[], main: MainPage | null) {
  return Buffer.from(
    JSON.stringify(
      {
        profile: "data-package",
        wacz_version: WACZ_VERSION,
        title: target.title,
        description: target.description,
        created,
        modified: created,
        software: SOFTWARE,
        ...(main ? { mainPageUrl: main.url, mainPageDate: main.ts } : {}),
        resources,
      },
      null,
      2,
    ),
  );
}

const digestOf = (manifestHash: string) =>
  Buffer.from(JSON.stringify({ path: "datapackage.json", hash: manifestHash }, null, 2));

/** A read of exactly `w.size` bytes that records the SHA-256 once the last byte went through. */
function hashedRead(w: PackagedWarc, done: (hash: string) => void, open: Set<Readable>): Readable {
  const hash = createHash("sha256");
  const source = w.size ? createReadStream(w.file, { start: 0, end: w.size - 1 }) : Readable.from([]);
  const through = new Transform({
    transform(chunk: Buffer, _enc, next) {
      hash.update(chunk);
      next(null, chunk);
    },
    flush(next) {
      done(`sha256:${hash.digest("hex")}`);
      next();
    },
  });
  open.add(source);
  source.once("close", () => open.delete(source));
  source.once("error", (err: Error) => through.destroy(err));
  return source.pipe(through);
}

export async function buildWacz(
  from: StoreOrRepository,
  target: ExportTarget,
  now = new Date(),
): Promise<WaczPackage> {
  const db = asArchiveRepository(from);
  await assertWarcsPresent(db, target.jobs);
  const { warcs, cdxj } = await indexForPackage(target.jobs);
  const pages = await pagesJsonl(db, target);
  // RFC 3339 to the second, as py-wacz writes it.
  const created = now.toISOString().replace(/\.\d+Z$/, "Z");
  const resources: Resource[] = [
    ...warcs.map((w) => ({
      name: resourceName(w.name),
      path: `archive/${w.name}`,
      hash: PENDING_HASH,
      bytes: w.size,
    })),
    { name: "index.cdxj", path: "indexes/index.cdxj", hash: sha256(cdxj), bytes: cdxj.length },
    {
      name: "pages.jsonl",
      path: "pages/pages.jsonl",
      hash: sha256(pages.buffer),
      bytes: pages.buffer.length,
    },
  ];
  const manifestSize = datapackage(target, created, resources, pages.main).length;
  const digestSize = digestOf(PENDING_HASH).length;

  const zip = new ZipFile();
  const out = new PassThrough();
  const open = new Set<Readable>();
  const entry = { compress: false, mtime: now };
  for (const [i, w] of warcs.entries()) {
    const hashed = (hash: string) => {
      resources[i].hash = hash;
    };
    zip.addReadStreamLazy(`archive/${w.name}`, { ...entry, size: w.size }, (cb) =>
      cb(null, hashedRead(w, hashed, open)),
    );
  }
  zip.addBuffer(cdxj, "indexes/index.cdxj", entry);
  zip.addBuffer(pages.buffer, "pages/pages.jsonl", entry);
  // Reached only after every WARC went through (yazl writes entries in order): hashes are final.
  let manifest: Buffer | null = null;
  zip.addReadStreamLazy("datapackage.json", { ...entry, size: manifestSize }, (cb) => {
    manifest = datapackage(target, created, resources, pages.main);
    if (resources.some((r) => r.hash === PENDING_HASH) || manifest.length !== manifestSize)
      return cb(new Error("datapackage.json was reached before every WARC was hashed"), NO_STREAM);
    cb(null, Readable.from([manifest]));
  });
  zip.addReadStreamLazy("datapackage-digest.json", { ...entry, size: digestSize }, (cb) =>
    manifest
      ? cb(null, Readable.from([digestOf(sha256(manifest))]))
      : cb(new Error("no datapackage.json"), NO_STREAM),
  );
  zip.on("error", (err: Error) => out.destroy(err));
  // A client that goes away mid-download must not leave a WARC open.
  out.once("close", () => {
    for (const s of open) s.destroy();
  });
  zip.outputStream.pipe(out);
  // yazl passes the total size to this callback (its type declarations omit the argument).
  const size = await new Promise<number>((resolve) => zip.end(undefined, resolve as () => void));
  const filename = `chc-archive-${target.slug}.wacz`;
  return { stream: out, size, filename, pages: pages.count, warcs: warcs.length };
}
