/**
 * Issue #28 §3: a ZIM edition exported by `chc archive export-zim` opens in Kiwix's own server
 * (Debian's kiwix-tools), started on loopback: a captured page is served with its stylesheet, and
 * Kiwix's full-text search (the Xapian index zimwriterfs writes into the ZIM) finds pages by a
 * word of their body that is in no title.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Store } from "../../server/db/types.js";
import { type EditionFixture, seedEdition } from "../helpers/archive/edition-fixture.js";
import { freePort, requireBinary, startTool, type ToolProcess } from "../helpers/external-tool.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const run = promisify(execFile);
const BOOK = "chc-archive-demo-2026";
let server: TestServer;
let edition: EditionFixture;
let kiwix: ToolProcess;
let kiwixUrl: string;
const folder = mkdtempSync(path.join(os.tmpdir(), "chc-kiwix-"));

beforeAll(async () => {
  const kiwixServe = requireBinary("kiwix-serve", "kiwix-tools");
  server = await startTestServer({ env: { ARCHIVE_DEMO_CRAWL: "0" } });
  edition = await seedEdition(server.contexts.get("archive")!.store as Store, server.dataDir, {
    year: 2026,
    shards: 1,
    pages: 4,
  });
  await run(
    process.execPath,
    nodeArgsFor(
      "server/cli.ts",
      "archive",
      "export-zim",
      "--edition",
      String(edition.editionId),
      "--out-dir",
      folder,
    ),
    { env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "silent" } },
  );
  const port = await freePort();
  kiwixUrl = `http://127.0.0.1:${port}`;
  kiwix = await startTool(
    kiwixServe,
    ["--port", String(port), "--address", "127.0.0.1", path.join(folder, `${BOOK}.zim`)],
    `${kiwixUrl}/`,
  );
}, 120_000);

afterAll(async () => {
  await kiwix?.stop();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const pagePath = (p: string) => `/${BOOK}/demo-health.example.ca${p}`;

it("serves a captured page of the ZIM with the stylesheet and image it links to", async () => {
  const res = await fetch(`${kiwixUrl}${pagePath("/en/s1/page-0.html")}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await res.text();
  expect(html).toContain("<h1>Health notice 1-0</h1>");
  for (const [attr, type] of [
    ["href", /^text\/css/],
    ["src", /^image\/png/],
  ] as const) {
    const link = new RegExp(`<(?:link rel="stylesheet"|img) ${attr}="([^"]+)"`).exec(html)?.[1];
    expect(link, attr).toBeDefined();
    const linked = await fetch(new URL(link!, `${kiwixUrl}${pagePath("/en/s1/page-0.html")}`));
    expect(linked.status, link).toBe(200);
    expect(linked.headers.get("content-type"), link).toMatch(type);
  }
});

/** Kiwix's full-text search (its OpenSearch RSS answer): the total and the pages it links to. */
async function search(word: string) {
  const res = await fetch(
    `${kiwixUrl}/search?content=${BOOK}&pattern=${encodeURIComponent(word)}&format=xml`,
  );
  expect(res.status).toBe(200);
  const xml = await res.text();
  return {
    total: Number(/<opensearch:totalResults>(\d+)</.exec(xml)?.[1]),
    links: [...xml.matchAll(/<link>([^<]+)<\/link>/g)]
      .map((m) => m[1])
      .filter((l) => !l.startsWith("/search")),
  };
}

it("finds pages by a word of their body that no title has, in English and in French", async () => {
  // The fixture's English pages (even numbers) say "get vaccinated", the French ones "faites-vous
  // vacciner"; their titles are "Health notice …" and "Avis de santé …".
  // Both pages rank alike, so Kiwix may list them in either order.
  const en = await search("vaccinated");
  expect(en.total).toBe(2);
  expect(en.links.sort()).toEqual([pagePath("/en/s1/page-0.html"), pagePath("/en/s1/page-2.html")]);
  const fr = await search("vacciner");
  expect(fr.links.sort()).toEqual([pagePath("/fr/s1/page-1.html"), pagePath("/fr/s1/page-3.html")]);
  expect(await search("notawordanywhere")).toEqual({ total: 0, links: [] });
  // The page a person sees lists the same result.
  const page = await (await fetch(`${kiwixUrl}/search?content=${BOOK}&pattern=vaccinated`)).text();
  expect(page).toContain(`href="${pagePath("/en/s1/page-0.html")}"`);
});
