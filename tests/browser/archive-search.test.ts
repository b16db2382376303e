// Archive search page: every filter (source, dates, language, pages/snapshots view) travels in the
// address and reaches the API, the mode the server used is shown, results link to snapshot pages
// with highlighted snippets; EN and FR at phone and desktop sizes, axe-clean, with screenshots.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { getJson, waitForArchiveDemo } from "./helpers/archive-demo";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { turnOnKiosk } from "./helpers/kiosk";
import { saveScreenshot } from "./helpers/screenshots";

interface Results {
  total: number;
  mode: string;
  results: Array<{ id: number; title: string | null; originalUrl: string; language: string | null }>;
}

let app: BrowserApp;
const api = <T>(p: string): Promise<T> => getJson<T>(app, p);

beforeAll(async () => {
  app = await startBrowserApp({ demo: true, archiveDemo: true, serviceWorker: false });
  await waitForArchiveDemo(app);
});
afterAll(async () => {
  await app?.close();
});

/** Resolves with the query and body of the next /api/search answer the page receives. */
function nextSearch(page: Page): Promise<{ params: URLSearchParams; body: Results }> {
  return page
    .waitForResponse((r) => new URL(r.url()).pathname === "/api/search")
    .then(async (r) => ({ params: new URL(r.url()).searchParams, body: (await r.json()) as Results }));
}

/** Unfolds the search filters (folded under one summary so results follow the search box). */
async function openFilters(page: Page): Promise<void> {
  const fold = page.locator(".archive-filters-fold");
  if (!(await fold.evaluate((d) => (d as HTMLDetailsElement).open))) await fold.locator("summary").click();
}

const titles = (page: Page) => page.locator(".archive-hit h3").allTextContents();

describe("archive search", () => {
  it("sends every filter to the API, keeps them in the address, and shows the mode used", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/archive");
    // The filters are folded under one summary until opened.
    expect(await page.getByLabel("Language").isVisible()).toBe(false);
    await openFilters(page);
    await page.getByLabel("Source", { exact: true }).selectOption({ label: "Community Health Demo Agency" });
    await page.getByLabel("Language").selectOption("en");
    await page.getByLabel("Every capture").check();
    await page.getByRole("searchbox", { name: "Words or a web address" }).fill("vaccine");
    const answered = nextSearch(page);
    await page.getByRole("searchbox", { name: "Words or a web address" }).press("Enter");
    await page.waitForURL("**/archive?q=vaccine&source=demo&language=en&view=snapshots");
    const { params, body } = await answered;
    expect(Object.fromEntries(params)).toMatchObject({
      q: "vaccine",
      source: "demo",
      language: "en",
      view: "snapshots",
    });
    expect(body.total).toBeGreaterThan(0);
    expect(body.results.every((r) => r.language === "en")).toBe(true);
    await expect.poll(() => titles(page)).toEqual(body.results.map((r) => r.title || r.originalUrl));
    expect(await page.locator("[data-testid=archive-mode]").getAttribute("data-mode")).toBe(body.mode);
    expect(await page.locator("[data-testid=archive-mode]").textContent()).toBe(
      "Search method: relevance, full-text index",
    );
    expect(await page.locator(".archive-hit mark").count()).toBeGreaterThan(0);
    const links = await page
      .locator(".archive-hit h3 a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links).toEqual(body.results.map((r) => `/archive/snapshots/${r.id}`));
    // The form shows the filters it was loaded with.
    expect(await page.getByLabel("Language").inputValue()).toBe("en");
    expect(await page.getByLabel("Every capture").isChecked()).toBe(true);
    expect(await page.locator(".archive-filters-fold summary").textContent()).toContain("3 in use");
  });

  it("groups captures by page in the pages view and narrows by capture date", async () => {
    const pages = await api<Results>("/api/search?q=vaccine&view=pages&pageSize=10");
    const snaps = await api<Results>("/api/search?q=vaccine&view=snapshots&pageSize=10");
    expect(snaps.total).toBeGreaterThan(pages.total); // two crawls: most pages have two captures
    const page = await app.newPage({ viewport: DESKTOP });
    const answered = nextSearch(page);
    await page.goto("/archive?q=vaccine");
    const { body } = await answered;
    await expect
      .poll(() => page.locator("[data-testid=archive-total]").textContent())
      .toBe(`${body.total} results for “vaccine”`);
    expect(await page.locator(".archive-hit", { hasText: "2 versions" }).count()).toBeGreaterThan(0);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await openFilters(page);
    await page.getByLabel("Captured from").fill(tomorrow);
    const later = nextSearch(page);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    expect((await later).params.get("from")).toBe(tomorrow);
    await expect
      .poll(() => page.locator("[data-testid=archive-total]").textContent())
      .toBe("0 results for “vaccine”");
  });

  it("opens captures in a new tab, except on a kiosk, where that tab would outlive starting over", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/archive?q=vaccine");
    await page.locator(".archive-hit").first().waitFor();
    expect(await page.locator(".archive-hit a.archive-replay[target=_blank]").count()).toBeGreaterThan(0);
    await turnOnKiosk(page);
    await page.goto("/archive?q=vaccine");
    await page.locator(".archive-hit").first().waitFor();
    expect(await page.locator("a[target=_blank]").count()).toBe(0);
    expect(await page.locator(".archive-hit .archive-replay-kiosk").first().textContent()).toBe(
      "Captured pages open on your own device, not on this shared screen.",
    );
  });

  it("answers a page number past the last one with how many pages there are and a link to the last", async () => {
    const page = await app.newPage({ locale: "fr-CA" });
    await page.goto("/archive?q=vaccine&page=999");
    const past = page.getByTestId("past-last-page");
    await past.waitFor();
    expect(await past.locator("span").textContent()).toMatch(
      /^Il n’y a (qu’une page|que \d+ pages) de résultats\.$/,
    );
    await past.getByRole("link", { name: "Aller à la dernière page" }).click();
    await page.locator(".archive-hit").first().waitFor();
    expect(new URL(page.url()).searchParams.get("page")).not.toBe("999");
  });

  it("reads a web address as a URL search and says so", async () => {
    const any = await api<Results>("/api/search?q=vaccine&pageSize=1");
    const address = any.results[0].originalUrl;
    const page = await app.newPage();
    await page.goto(`/archive?${new URLSearchParams({ q: address, view: "snapshots" })}`);
    await expect.poll(() => page.locator("[data-testid=archive-mode]").getAttribute("data-mode")).toBe("url");
    expect(await page.locator("[data-testid=archive-mode]").textContent()).toBe("Search method: web address");
    expect(await page.locator(".archive-hit").count()).toBeGreaterThanOrEqual(2);
  });
});

describe.each([
  { label: "phone", viewport: PHONE },
  { label: "desktop", viewport: DESKTOP },
])("search page at $label size", ({ label, viewport }) => {
  it.each([
    {
      locale: "en-CA",
      lang: "en",
      mode: "Search method: relevance, full-text index",
      filters: "Filters 1 in use",
    },
    {
      locale: "fr-CA",
      lang: "fr",
      mode: "Méthode de recherche\u00a0: pertinence, index plein texte",
      filters: "Filtres 1 utilisé",
    },
  ])(
    "is axe-clean in $lang, with the first result on the first screen",
    async ({ locale, lang, mode, filters }) => {
      const page = await app.newPage({ viewport, locale });
      await page.goto("/archive?q=vaccine&source=demo");
      await expect.poll(() => page.locator("[data-testid=archive-mode]").textContent()).toBe(mode);
      await saveScreenshot(page, `archive-search-${lang}-${label}-first-screen`, { fullPage: false });
      // The summary says the results are filtered; the filters are folded, on a phone as on a desktop.
      const fold = page.locator(".archive-filters-fold");
      expect((await fold.locator("summary").textContent())?.replace(/\s+/g, " ").trim()).toBe(filters);
      expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      // The first result's title, not only its top edge, is within the first screen.
      const first = await page.locator(".archive-hit h3").first().boundingBox();
      expect(first!.y + first!.height).toBeLessThanOrEqual(viewport.height);
      // The filters are one key away: Tab from the search button reaches the summary, Enter opens it.
      if (label === "phone") {
        await page.getByRole("button", { name: /^(Search|Chercher)$/ }).focus();
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
        await page.keyboard.press("Enter");
        await page.locator("#archive-source").waitFor();
        expect(await page.locator("#archive-source").inputValue()).toBe("demo");
      }
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `archive-search-${lang}-${label}`);
    },
  );
});
