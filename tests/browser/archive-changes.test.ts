// Change feed and side-by-side diff: filters against the real feed, a change's diff rendered as
// text (never injected HTML) in two aligned columns on desktop and stacked on phones, signs and
// hidden words for added/removed lines, keyboard stepping between changes; EN/FR axe and screenshots.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { getJson, waitForArchiveDemo } from "./helpers/archive-demo";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { saveScreenshot } from "./helpers/screenshots";

interface Change {
  type: string;
  title: string | null;
  url: string;
  addedLines: number;
  removedLines: number;
  highNoise: boolean;
  snapshotId: number | null;
  previousSnapshotId: number | null;
}
interface Feed {
  changes: Change[];
  total: number;
}
interface Compare {
  addedLines: number;
  removedLines: number;
  html: string;
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

/** An update with both added and removed lines, so both sides of the diff have content. */
async function realUpdate(): Promise<Change> {
  const feed = await api<Feed>("/api/changes?type=updated&pageSize=100");
  const change = feed.changes.find((c) => c.addedLines > 0 && c.removedLines > 0 && c.previousSnapshotId);
  if (!change) throw new Error("the demo feed has no two-sided update");
  return change;
}

const total = (page: Page) => page.locator("[data-testid=changes-total]").textContent();

describe("change feed", () => {
  it("shows the API's changes, and more once minor changes are included", async () => {
    const plain = await api<Feed>("/api/changes?pageSize=20");
    const noisy = await api<Feed>("/api/changes?pageSize=20&includeNoise=true");
    expect(noisy.total).toBeGreaterThan(plain.total); // the second demo crawl re-renders some pages unchanged
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/archive");
    await page.getByRole("link", { name: "Recent changes" }).click();
    await page.waitForURL("**/archive/changes");
    await expect.poll(() => total(page)).toBe(`Changes found: ${plain.total}`);
    const titles = await page.locator(".archive-change h3").allTextContents();
    expect(titles).toEqual(plain.changes.map((c) => c.title || c.url));
    // Each entry says its type; updates say how many lines moved.
    const first = plain.changes[0];
    const firstItem = page.locator(".archive-change").first();
    const typeLabel = { new_page: "New page", updated: "Updated", removed: "Removed" }[first.type];
    expect(await firstItem.locator(".meta .tag").first().textContent()).toBe(typeLabel);
    const update = page.locator(".archive-change[data-change-type=updated]").first();
    expect(await update.textContent()).toMatch(/Lines added: \d+ · Lines removed: \d+/);
    expect(await page.locator("[data-testid=noise-flag]").count()).toBe(0);

    await page.getByLabel("Include minor changes (dates, numbers or spacing only)").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL("**/archive/changes?includeNoise=true");
    await expect.poll(() => total(page)).toBe(`Changes found: ${noisy.total}`);
    const flagged = noisy.changes.filter((c) => c.highNoise).length;
    expect(await page.locator("[data-testid=noise-flag]").count()).toBe(flagged);
  });

  it("filters by source, kind and dates through the address, and pages through the feed", async () => {
    // The day the demo crawls ran, from their changes rather than the clock: a run crossing
    // midnight UTC found no change "today".
    const newest = await api<{ changes: { capturedAt: string }[] }>(
      "/api/changes?source=demo&includeNoise=true",
    );
    const crawlDay = newest.changes[0].capturedAt.slice(0, 10);
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/archive/changes");
    await page.locator(".archive-change").first().waitFor();
    await page.getByLabel("Source").selectOption("hc"); // Health Canada has no captures in the demo
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL("**/archive/changes?source=hc");
    await expect.poll(() => total(page)).toBe("Changes found: 0");

    const removed = await api<Feed>("/api/changes?type=removed&includeNoise=true");
    expect(removed.total).toBeGreaterThan(0); // the second demo crawl drops a retired topic
    await page.goto("/archive/changes?includeNoise=true");
    await page.getByLabel("Kind of change").selectOption("removed");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL("**/archive/changes?type=removed&includeNoise=true");
    await expect.poll(() => total(page)).toBe(`Changes found: ${removed.total}`);
    const kinds = await page
      .locator(".archive-change")
      .evaluateAll((li) => li.map((l) => l.getAttribute("data-change-type")));
    expect(new Set(kinds)).toEqual(new Set(["removed"]));

    await page.goto(`/archive/changes?source=demo&from=${crawlDay}&to=${crawlDay}&includeNoise=true`);
    const noisy = await api<Feed>(
      `/api/changes?source=demo&from=${crawlDay}&to=${crawlDay}&includeNoise=true`,
    );
    await expect.poll(() => total(page)).toBe(`Changes found: ${noisy.total}`);
    expect(await page.getByLabel("Captured from").inputValue()).toBe(crawlDay);
    expect(noisy.total).toBeGreaterThan(20); // more than one page of 20
    await page.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(/page=2/);
    const second = await api<Feed>(
      `/api/changes?source=demo&from=${crawlDay}&to=${crawlDay}&includeNoise=true&page=2`,
    );
    await expect
      .poll(() => page.locator(".archive-change h3").allTextContents())
      .toEqual(second.changes.map((c) => c.title || c.url));
  });
});

describe("side-by-side diff", () => {
  it("says two captures with the same text are the same, in the page's language, with no change rated", async () => {
    const change = await realUpdate();
    for (const [locale, said] of [
      ["en-CA", "These two captures hold the same text"],
      ["fr-CA", "Ces deux captures contiennent le même texte"],
    ] as const) {
      const page = await app.newPage({ locale });
      await page.goto(`/archive/compare?from=${change.snapshotId}&to=${change.snapshotId}`);
      await page.getByTestId("compare-same").waitFor();
      expect(await page.getByTestId("compare-same").textContent()).toContain(said);
      expect(await page.getByTestId("compare-level").count()).toBe(0);
    }
  });

  it("opens from the feed and shows both captures' lines as text, aligned on desktop", async () => {
    const change = await realUpdate();
    const diff = await api<Compare>(
      `/api/changes/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}`,
    );
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/archive/changes");
    await page
      .locator(".archive-change", { hasText: change.title ?? change.url })
      .first()
      .getByRole("link", { name: /View the differences/ })
      .click();
    await page.waitForURL(`**/archive/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}`);
    await page.locator(".diff-table").waitFor();
    expect(await page.locator("[data-testid=compare-counts]").textContent()).toBe(
      `Lines added: ${diff.addedLines} · Lines removed: ${diff.removedLines}`,
    );
    // Added and removed lines carry a sign and a spoken word, not only a colour.
    const added = page.locator("td.diff-added");
    const removed = page.locator("td.diff-removed");
    expect(await added.count()).toBe(diff.addedLines);
    expect(await removed.count()).toBe(diff.removedLines);
    expect(await added.first().textContent()).toMatch(/^\+Added: /);
    expect(await removed.first().textContent()).toMatch(/^−Removed: /);
    // The text is the API's lines with escapes undone, rendered as text; nothing became markup.
    const firstAdded = /<ins>(.*)<\/ins>/.exec(diff.html)?.[1] ?? "";
    expect((await added.first().textContent())?.replace(/^\+Added: /, "")).toBe(
      firstAdded
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&"),
    );
    expect(await page.locator(".diff-table script, .diff-table ins, .diff-table del").count()).toBe(0);
    // Desktop: the two sides of a changed row sit next to each other.
    const row = page.locator("tr.diff-row-changed").first();
    const [left, right] = await Promise.all([
      row.locator("td").nth(0).boundingBox(),
      row.locator("td").nth(1).boundingBox(),
    ]);
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 2);
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(2);
  });

  it("stacks the sides on phones, shows kept lines once, and steps between changes by keyboard", async () => {
    const change = await realUpdate();
    const page = await app.newPage({ viewport: PHONE });
    await page.goto(`/archive/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}`);
    await page.locator(".diff-table").waitFor();
    const row = page.locator("tr.diff-row-changed").first();
    const [top, bottom] = await Promise.all([
      row.locator("td").nth(0).boundingBox(),
      row.locator("td").nth(1).boundingBox(),
    ]);
    expect(bottom!.y).toBeGreaterThanOrEqual(top!.y + top!.height - 2);
    expect(Math.abs(bottom!.x - top!.x)).toBeLessThan(2);
    expect(await page.locator("tr.diff-row-kept").first().locator("td").nth(1).isVisible()).toBe(false);

    const next = page.getByRole("button", { name: "Next change" });
    await next.focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("change-0");
    expect(await page.locator(".archive-stepper [role=status]").textContent()).toMatch(/^Change 1 of \d+$/);
  });

  it("turns a link given later-first around, so the columns read earlier then later", async () => {
    const change = await realUpdate();
    const page = await app.newPage();
    await page.goto(`/archive/compare?from=${change.snapshotId}&to=${change.previousSnapshotId}`);
    await page.waitForURL(`**/archive/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}`);
    await page.locator(".diff-table").waitFor();
    expect(await page.locator("td.diff-added").count()).toBe(change.addedLines);
  });

  it("refuses two captures of different pages with a message instead of a diff", async () => {
    const feed = await api<Feed>("/api/changes?type=updated&pageSize=100");
    const [a, b] = feed.changes.filter((c) => c.snapshotId);
    const page = await app.newPage();
    await page.goto(`/archive/compare?from=${a.snapshotId}&to=${b.snapshotId}`);
    await expect.poll(() => page.locator("[role=alert]").textContent()).toMatch(/cannot be compared/);
    expect(await page.locator(".diff-table").count()).toBe(0);
  });
});

describe.each([
  { label: "phone", viewport: PHONE },
  { label: "desktop", viewport: DESKTOP },
])("feed and diff at $label size", ({ label, viewport }) => {
  it.each([
    {
      locale: "en-CA",
      lang: "en",
      h1: ["Changes to archived pages", "Compare two captures"],
      filters: "Filters 1 in use",
      apply: "Apply filters",
    },
    {
      locale: "fr-CA",
      lang: "fr",
      h1: ["Changements des pages archivées", "Comparer deux captures"],
      filters: "Filtres 1 utilisé",
      apply: "Appliquer les filtres",
    },
  ])(
    "are axe-clean in $lang, with the count and first change on a phone's first screen",
    async ({ locale, lang, h1, filters, apply }) => {
      const change = await realUpdate();
      const page = await app.newPage({ viewport, locale });
      await page.goto("/archive/changes?includeNoise=true");
      await page.locator(".archive-change").first().waitFor();
      expect(await page.locator("h1").textContent()).toBe(h1[0]);
      await saveScreenshot(page, `archive-changes-${lang}-${label}-first-screen`, { fullPage: false });
      // The summary says the feed is filtered; a phone folds the filters, a wide screen does not.
      const fold = page.locator(".archive-filters-fold");
      expect((await fold.locator("summary").textContent())?.replace(/\s+/g, " ").trim()).toBe(filters);
      expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(label === "desktop");
      expect(await page.getByRole("button", { name: apply }).isVisible()).toBe(label === "desktop");
      // On a phone the count and the first change's title are within the first screen, and the
      // filters one key away: Tab from the feed link reaches the summary, Enter opens them.
      if (label === "phone") {
        const firstTitle = await page.locator(".archive-change h3").first().boundingBox();
        expect(firstTitle!.y + firstTitle!.height).toBeLessThanOrEqual(viewport.height);
        await page.locator(".archive-feed-link a").focus();
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
        await page.keyboard.press("Enter");
        await page.getByRole("button", { name: apply }).waitFor();
        expect(await page.locator("input[name=includeNoise]").isChecked()).toBe(true);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `archive-changes-${lang}-${label}`);

      await page.goto(`/archive/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}`);
      await page.locator(".diff-table").waitFor();
      expect(await page.locator("h1").textContent()).toBe(h1[1]);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `archive-compare-${lang}-${label}`);
    },
  );
});
