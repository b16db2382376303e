// Issues #28 and #30 §3: on a first visit the directory's sync (download, parse, index, IndexedDB
// writes) runs in a worker, started once the page has painted and gone idle, so it never holds up
// the page's thread; and while that first sync runs, an offline search already answers over what
// it has received, before anything is written.
import type { Page, Route, Worker } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { readStore } from "./helpers/idb";

const SYNC_PAGE = /\/api\/v1\/services\?changed_after=/;

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true });
});
afterAll(async () => {
  await app?.close();
});

type SyncRow = { scope: string; lastSuccessAt: string | null; lastError: string | null };
const directoryRow = async (page: Page) =>
  (await readStore<SyncRow>(page, "syncState")).find((r) => r.scope === "directory");

/** Epoch milliseconds at which the sync's first request started in `target` (page or worker), or null. */
function firstSyncRequestAt(target: Page | Worker): Promise<number | null> {
  const startedAt = (pattern: string) => {
    const entry = performance.getEntriesByType("resource").find((e) => new RegExp(pattern).test(e.name));
    return entry ? performance.timeOrigin + entry.startTime : null;
  };
  // Two calls: Page's and Worker's evaluate signatures do not unify over the union.
  return "goto" in target
    ? target.evaluate(startedAt, SYNC_PAGE.source)
    : target.evaluate(startedAt, SYNC_PAGE.source);
}

describe("the directory's sync worker", () => {
  it("runs the first sync in a worker, started after the page's first paint", async () => {
    const page = await app.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect
      .poll(async () => (await directoryRow(page))?.lastSuccessAt ?? null, { timeout: 30_000 })
      .not.toBeNull();
    expect((await directoryRow(page))?.lastError).toBeNull();

    // The page's own thread never asked for the directory: the worker did.
    expect(await firstSyncRequestAt(page)).toBeNull();
    const syncWorker = page.workers().find((w) => w.url().includes("syncWorker"));
    expect(syncWorker, `workers: ${page.workers().map((w) => w.url())}`).toBeDefined();
    const startedAt = await firstSyncRequestAt(syncWorker as Worker);
    expect(startedAt).not.toBeNull();
    const paintedAt = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      return fcp ? performance.timeOrigin + fcp.startTime : null;
    });
    expect(paintedAt).not.toBeNull();
    expect(startedAt as number).toBeGreaterThan(paintedAt as number);
    // The home page never loads the wait-time charts.
    expect(scripts.filter((s) => s.includes("uPlot"))).toEqual([]);
    await page.context().close();
  });

  it("searches what a first sync has received while it is still running, before it is written", async () => {
    const page = await app.newPage();
    // The server's search is out of reach, so the device's copy answers.
    await page.route("**/api/v1/search/services", (route) => route.abort());
    // The first page of the sync says more follows; the next one is held until the test lets it go.
    let releaseRest: () => void = () => undefined;
    const rest = new Promise<void>((resolve) => {
      releaseRest = resolve;
    });
    let restAsked = false;
    let realLastChange = 0;
    await page.route(SYNC_PAGE, async (route: Route) => {
      const after = Number(new URL(route.request().url()).searchParams.get("changed_after"));
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown[]; meta: Record<string, unknown> };
      if (after === 0) {
        realLastChange = body.meta.lastChange as number;
        // Only part of the directory comes first; the rest waits on the held request.
        return route.fulfill({ response, json: { ...body, meta: { ...body.meta, nextCursor: "1" } } });
      }
      restAsked = true;
      await rest;
      return route.fulfill({
        response,
        json: { data: [], meta: { ...body.meta, lastChange: realLastChange } },
      });
    });
    await page.goto("/search");
    await page.locator("#directory-q").waitFor();
    await expect.poll(() => restAsked, { timeout: 30_000 }).toBe(true);

    // Nothing is written yet, and the search answers from what the worker has received.
    expect(await readStore(page, "serviceBuckets")).toEqual([]);
    expect(await directoryRow(page)).toBeUndefined();
    await page.locator("#directory-q").fill("food bank");
    await page.locator("#directory-q").press("Enter");
    await page.locator("[data-testid=from-device]").waitFor();
    const names = await page.locator("ol.results > li h3").allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.join(" ").toLowerCase()).toContain("food");

    // Let the sync end: it writes what it received, and searches read the saved copy from then on.
    releaseRest();
    await expect
      .poll(async () => (await directoryRow(page))?.lastSuccessAt ?? null, { timeout: 30_000 })
      .not.toBeNull();
    expect((await readStore(page, "serviceBuckets")).length).toBeGreaterThan(0);
    await page.context().close();
  });
});
