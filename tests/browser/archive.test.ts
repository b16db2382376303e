import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { waitForArchiveDemo } from "./helpers/archive-demo";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, archiveDemo: true });
});
afterAll(async () => {
  await app?.close();
});

describe("archive page", () => {
  it("lists the archived sources with their capture counts, online and then offline", async () => {
    await waitForArchiveDemo(app); // the demo source has captures, the three agencies none yet
    const page = await app.newPage();
    await page.goto("/archive");
    await waitForServiceWorkerControl(page);
    // Capture counts move while the demo crawl runs: compare with the last answer the page read.
    // Bodies are read as each response arrives (a response left behind by a reload has none).
    type Source = { name: string; snapshotCount: number };
    let received: Source[] | undefined;
    page.on("response", (r) => {
      if (new URL(r.url()).pathname !== "/api/sources" || r.status() !== 200) return;
      r.json().then(
        (body: { sources: Source[] }) => {
          received = body.sources;
        },
        () => undefined,
      );
    });
    await page.reload();
    const names = () => page.locator(".source h3").allTextContents();
    const firstCard = page.locator(".source").first();
    // The page drew the last answer it read: its names in order, and the first card's count.
    const drawsLastAnswer = async () => {
      const captured = (received ?? []).filter((s) => s.snapshotCount > 0);
      if (captured.length === 0) return false;
      const count = `${captured[0].snapshotCount.toLocaleString("en")} captures`;
      const shown = await names();
      return (
        shown.join("|") === captured.map((s) => s.name).join("|") &&
        ((await firstCard.textContent()) ?? "").includes(count)
      );
    };
    await expect.poll(drawsLastAnswer).toBe(true);
    const sources = received ?? [];
    expect(sources.length).toBeGreaterThan(0); // the demo data seeds sources
    // Sources never captured are not listed with "0 captures": they are counted in one line.
    const captured = sources.filter((s) => s.snapshotCount > 0);
    expect(captured.length).toBeGreaterThan(0);
    expect(captured.length).toBeLessThan(sources.length);
    const waiting = sources.length - captured.length;
    expect(await page.locator("main").textContent()).toContain(
      waiting === 1 ? "One more source is planned" : `${waiting} more sources are planned`,
    );
    expect(await page.locator("main").textContent()).not.toMatch(/loopback|127\.0\.0\.1/);

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(names).toEqual(captured.map((s) => s.name));
    await page.context().setOffline(false);
  });

  it("searches archived pages and shows the API's results with highlighted matches", async () => {
    const res = await fetch(`${app.baseUrl}/api/search?q=health&page=1&pageSize=10`);
    const body = (await res.json()) as {
      total: number;
      results: Array<{ title: string | null; originalUrl: string }>;
    };
    expect(body.total).toBeGreaterThan(0); // the demo crawl holds public-health pages
    const page = await app.newPage({ serviceWorker: false });
    await page.goto("/archive");
    await page.getByRole("searchbox", { name: "Words or a web address" }).fill("health");
    // The demo crawl may still be indexing, so the ranking can move between two calls: check the
    // page against the very answer it received.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/search");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL("**/archive?q=health");
    const seen = (await (await answered).json()) as typeof body;
    expect(seen.total).toBeGreaterThan(0);
    await page.locator("[data-testid=archive-total]").waitFor();
    expect(await page.locator(".archive-hit h3").allTextContents()).toEqual(
      seen.results.map((r) => r.title || r.originalUrl),
    );
    expect(await page.locator(".archive-hit mark").count()).toBeGreaterThan(0);
    expect(await page.locator(".archive-hit script").count()).toBe(0);
  });

  it("when no page holds every word, offers the search for pages with any of them", async () => {
    const page = await app.newPage({ serviceWorker: false });
    await page.goto("/archive?q=covid+vaccine");
    const hint = page.getByTestId("archive-any-word");
    await hint.waitFor();
    expect(await page.getByTestId("archive-total").textContent()).toBe("0 results for “covid vaccine”");
    await hint.getByRole("link", { name: "covid OR vaccine" }).click();
    await page.waitForURL(/q=covid\+OR\+vaccine/);
    await expect.poll(() => page.locator(".archive-hit").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("archive-mode").getAttribute("data-mode")).toBe("boolean");
    expect(await hint.count()).toBe(0);
  });
});
