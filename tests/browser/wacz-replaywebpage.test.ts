/**
 * Issue #28 §3: a WACZ exported from the demo crawl opens in ReplayWeb.page's own engine (the
 * `replaywebpage` package's ui.js and sw.js, served from a plain static server on loopback) in
 * Chromium: it lists the pages, replays a captured page with its stylesheet and image, and its
 * search finds a page by a word that is only in the page's body, through the text pages.jsonl carries.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import type { Store } from "../../server/db/types.js";
import { readZip } from "../helpers/archive/wacz-check.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { type StaticFiles, serveStaticFiles } from "../helpers/static-files.js";
import { waitForArchiveDemo } from "./helpers/archive-demo.js";
import { DESKTOP, launchChromium } from "./helpers/browser.js";

const replayWebPage = path.dirname(createRequire(import.meta.url).resolve("replaywebpage/index.html"));

interface PageLine {
  url: string;
  title?: string;
  text?: string;
}

let server: TestServer;
let site: StaticFiles;
let browser: Browser;
let page: Page;
let pages: PageLine[];
const folder = mkdtempSync(path.join(os.tmpdir(), "chc-rwp-"));

beforeAll(async () => {
  server = await startTestServer({ demo: true, archiveDemo: true, modules: [createArchiveModule()] });
  await waitForArchiveDemo(server);
  const store = server.contexts.get("archive")!.store as Store;
  const job = store.get<{ id: number }>("SELECT id FROM archive_jobs WHERE name = 'demo-site-v1'")!;
  const res = await fetch(`${server.baseUrl}/api/exports/jobs/${job.id}.wacz`);
  expect(res.status).toBe(200);
  const wacz = Buffer.from(await res.arrayBuffer());
  writeFileSync(path.join(folder, "demo.wacz"), wacz);
  const zip = await readZip(wacz);
  pages = zip
    .get("pages/pages.jsonl")!
    .data.toString()
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => JSON.parse(l) as PageLine);
  // ReplayWeb.page's embedding: ui.js on the page, sw.js under replay/ (its default replayBase).
  mkdirSync(path.join(folder, "replay"));
  copyFileSync(path.join(replayWebPage, "ui.js"), path.join(folder, "ui.js"));
  copyFileSync(path.join(replayWebPage, "sw.js"), path.join(folder, "replay", "sw.js"));
  writeFileSync(
    path.join(folder, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo edition</title>
<script src="ui.js"></script></head>
<body style="margin:0;height:100vh"><replay-web-page source="demo.wacz" view="pages" embed="default"></replay-web-page></body></html>`,
  );
  site = await serveStaticFiles(folder);
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const wordsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

/** A word of some pages' body text that no page has in its title or URL, and the pages it is in. */
function bodyOnlyWord(): { word: string; inPages: PageLine[] } {
  const named = new Set(pages.flatMap((p) => [...wordsOf(`${p.url} ${p.title ?? ""}`)]));
  let best: { word: string; inPages: PageLine[] } | null = null;
  for (const p of pages)
    for (const word of wordsOf(p.text ?? "")) {
      if (word.length < 6 || !/^[a-z]+$/.test(word) || named.has(word)) continue;
      const inPages = pages.filter((q) => wordsOf(q.text ?? "").has(word));
      if (!best || inPages.length < best.inPages.length) best = { word, inPages };
    }
  if (!best) throw new Error("no page has a word in its body that is not in a title or URL");
  return best;
}

/**
 * Opens the embed as a returning visitor has it: ReplayWeb.page points its frame at
 * replay/index.html as soon as its service worker is registered, not once it is active, so on a
 * busy machine the first visit's frame can reach the plain file server (which has no such file)
 * before the worker takes it. The page is opened, the worker waited for, and the page reloaded if
 * its frame was not the worker's; what is tested after that is how the WACZ reads.
 */
async function openReplayWebPage(): Promise<void> {
  await page.goto(`${site.url}/`);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration("/replay/");
          return registration?.active?.state ?? "none";
        }),
      { timeout: 60_000 },
    )
    .toBe("activated");
  // The frame's page (`replay/?source=…`, which the file server would read as replay/index.html)
  // is the worker's to serve; a miss of it is the race. (The page it loads also asks the file
  // server for a script it does not need there, a miss that changes nothing.)
  const frameDocument = (p: string) => p === "/replay/" || p === "/replay/index.html";
  const frameMissed = () => site.misses().some(frameDocument);
  // The frame's own requests (its script among them) can still be on their way when the worker
  // turns active: each try waits for the frame to load before reading what the file server got.
  const frameLoaded = async () => {
    const replayFrame = () => page.frames().find((f) => f.url().includes("/replay/"));
    await expect.poll(() => replayFrame() !== undefined, { timeout: 30_000 }).toBe(true);
    await replayFrame()?.waitForLoadState("load");
  };
  for (let reloads = 0; reloads < 3; reloads++) {
    await frameLoaded();
    if (!frameMissed()) break;
    site.clearMisses();
    await page.reload();
  }
  await frameLoaded();
  expect(site.misses().filter(frameDocument), "frame addresses the worker left to the file server").toEqual(
    [],
  );
}

it("lists the edition's pages, each with its text in pages.jsonl", async () => {
  expect(pages.length).toBeGreaterThan(10);
  for (const p of pages) expect(p.text, p.url).toMatch(/\S/);
  await openReplayWebPage();
  const ui = page.frameLocator("replay-web-page iframe");
  await expect.poll(() => ui.getByText(`${pages.length} pages`).count(), { timeout: 30_000 }).toBe(1);
});

it("finds a page by a word of its body, and replays it with its stylesheet and image", async () => {
  const { word, inPages } = bodyOnlyWord();
  const ui = page.frameLocator("replay-web-page iframe");
  await ui.getByPlaceholder("Search by Page URL, Title, or Text").fill(word);
  const target = inPages[0];
  const found = `${inPages.length} page${inPages.length === 1 ? "" : "s"}`;
  await expect.poll(() => ui.getByText(found, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
  // Each result shows its address (a keyword-mark element titled with it); a page without the
  // word is no longer listed.
  const result = (url: string) => ui.locator(`keyword-mark[title="${url}"]`);
  for (const p of inPages) expect(await result(p.url).count(), p.url).toBe(1);
  const other = pages.find((p) => !inPages.includes(p))!;
  expect(await result(other.url).count()).toBe(0);

  await result(target.url).click();
  // The captured page runs in ReplayWeb.page's replay frame, served by its service worker.
  const isReplayOf = (f: Frame) => f.url().includes("mp_/") && f.url().endsWith(target.url);
  await expect.poll(() => page.frames().some(isReplayOf), { timeout: 30_000 }).toBe(true);
  const replayed = page.frames().find(isReplayOf)!;
  await replayed.waitForLoadState("load");
  const look = await replayed.evaluate(async () => {
    const images = [...document.images];
    await Promise.all(images.map((i) => i.decode().catch(() => undefined)));
    return {
      body: document.body.innerText,
      // site.css sets these; without the stylesheet they are the browser's defaults.
      maxWidth: getComputedStyle(document.body).maxWidth,
      background: getComputedStyle(document.body).backgroundImage,
      images: images.map((i) => ({ src: i.src, width: i.naturalWidth })),
    };
  });
  expect(look.body.toLowerCase()).toContain(word);
  expect(look.maxWidth).toBe("960px");
  expect(look.background).toMatch(/bg\.svg/);
  expect(look.images.length).toBeGreaterThan(0);
  for (const img of look.images) expect(img.width, img.src).toBeGreaterThan(0);
});
