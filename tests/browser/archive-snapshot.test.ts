// Snapshot page: from a search result to one capture, its metadata and provenance as the API gives
// them, the replay link, the page's capture timeline and previous/next navigation; EN and FR, phone
// and desktop, axe-clean, with screenshots.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { getJson, waitForArchiveDemo } from "./helpers/archive-demo";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { saveScreenshot } from "./helpers/screenshots";

interface Snapshot {
  id: number;
  title: string | null;
  url: string;
  statusCode: number;
  mimeType: string;
  warcRecordId: string;
  previousSnapshotId: number | null;
  nextSnapshotId: number | null;
  replayUrl: string | null;
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

/** A page captured by both demo crawls: its later capture (which has a previous one). */
async function laterCapture(): Promise<Snapshot> {
  const feed = await api<{
    changes: Array<{ snapshotId: number | null; previousSnapshotId: number | null }>;
  }>("/api/changes?type=updated&pageSize=5");
  const change = feed.changes.find((c) => c.snapshotId && c.previousSnapshotId);
  expect(change).toBeDefined();
  return api<Snapshot>(`/api/snapshot/${change?.snapshotId}`);
}

const factValue = (page: Page, label: string) =>
  page
    .locator(".archive-facts div", { has: page.locator("dt", { hasText: label }) })
    .locator("dd")
    .textContent();

describe("snapshot page", () => {
  it("opens from a search result and shows the capture's metadata, provenance and replay link", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/archive?q=vaccine&view=snapshots");
    const first = page.locator(".archive-hit h3 a").first();
    await first.waitFor();
    const href = await first.getAttribute("href");
    expect(href).toMatch(/^\/archive\/snapshots\/\d+$/);
    await first.click();
    await page.waitForURL(`**${href}`);
    const snap = await api<Snapshot>(`/api${href?.replace("/archive/snapshots/", "/snapshot/")}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(snap.title || snap.url);
    expect(await factValue(page, "HTTP status")).toBe(String(snap.statusCode));
    expect(await factValue(page, "Content type")).toBe(snap.mimeType);
    expect(await factValue(page, "Web address")).toBe(snap.url);
    expect(await factValue(page, "WARC record")).toBe(snap.warcRecordId);
    // How it was captured, in words rather than the server's codes ("node_warc", "high").
    expect(await factValue(page, "Capture tool")).toBe("This archive's crawler");
    expect(await factValue(page, "Capture fidelity")).toBe("Complete: the page as its site served it");
    const replay = page.getByRole("link", { name: /Open the captured page/ }).first();
    expect(await replay.getAttribute("href")).toBe(snap.replayUrl);
    expect(await replay.getAttribute("target")).toBe("_blank");
    // The replay origin really serves that capture.
    const replayed = await fetch(snap.replayUrl as string);
    expect(replayed.status).toBe(200);
    expect(await replayed.text()).toContain("<");
  });

  it("lists every capture of the page and moves to the previous and next capture", async () => {
    const later = await laterCapture();
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto(`/archive/snapshots/${later.id}`);
    const timeline = page.locator("[data-testid=capture-timeline] li");
    await expect.poll(() => timeline.count()).toBeGreaterThanOrEqual(2);
    // The page shown is marked, not linked; the earlier capture is a link to its own page.
    expect(await page.locator("[data-testid=capture-timeline] [aria-current=true]").count()).toBe(1);
    const links = await page
      .locator("[data-testid=capture-timeline] a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links).toContain(`/archive/snapshots/${later.previousSnapshotId}`);
    expect(await page.getByText("This is the latest capture.").count()).toBe(later.nextSnapshotId ? 0 : 1);

    // Each other capture can be compared with the one shown, earlier capture first.
    expect(await page.locator(".archive-timeline-compare").getAttribute("href")).toBe(
      `/archive/compare?from=${later.previousSnapshotId}&to=${later.id}`,
    );

    // Keyboard: focus the "Previous capture" link and press Enter.
    await page.getByRole("link", { name: "Previous capture", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/archive/snapshots/${later.previousSnapshotId}`);
    await expect
      .poll(() => page.getByRole("link", { name: "Next capture", exact: true }).getAttribute("href"))
      .toBe(`/archive/snapshots/${later.id}`);
    // The earlier capture offers the diff with its own predecessor only if it has one.
    const earlier = await api<Snapshot>(`/api/snapshot/${later.previousSnapshotId}`);
    expect(await page.getByRole("link", { name: "Compare with the previous capture" }).count()).toBe(
      earlier.previousSnapshotId ? 1 : 0,
    );
  });

  it("stays readable offline once viewed", async () => {
    const later = await laterCapture();
    const page = await app.newPage({ serviceWorker: true });
    await page.goto(`/archive/snapshots/${later.id}`);
    await waitForServiceWorkerControl(page);
    await page.reload(); // this visit goes through the worker, which keeps the answers
    await page.locator("[data-testid=capture-timeline] li").nth(1).waitFor();
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator("h1").textContent()).toBe(later.title || later.url);
    await page.locator("[data-testid=capture-timeline] li").nth(1).waitFor();
    expect(await factValue(page, "WARC record")).toBe(later.warcRecordId);
    await page.context().setOffline(false);
  });

  it("says so when the capture does not exist", async () => {
    const page = await app.newPage();
    await page.goto("/archive/snapshots/987654321");
    await expect.poll(() => page.locator("h1").textContent()).toBe("This capture is not in the archive");
  });
});

describe.each([
  { label: "phone", viewport: PHONE },
  { label: "desktop", viewport: DESKTOP },
])("snapshot page at $label size", ({ label, viewport }) => {
  it.each([
    {
      locale: "en-CA",
      lang: "en",
      heading: "Capture timeline",
      plain: ["Web address", "Source", "Capture time"],
      technical: "Technical details for citing and verifying this capture",
      hidden: ["HTTP status", "Content type", "WARC record"],
      captured: "Captured on",
    },
    {
      locale: "fr-CA",
      lang: "fr",
      heading: "Chronologie des captures",
      plain: ["Adresse web", "Source", "Heure de capture"],
      technical: "Détails techniques pour citer et vérifier cette capture",
      hidden: ["Statut HTTP", "Type de contenu", "Enregistrement WARC"],
      captured: "Capturée le",
    },
  ])(
    "is axe-clean in $lang, with the technical facts folded",
    async ({ locale, lang, heading, plain, technical, hidden, captured }) => {
      const later = await laterCapture();
      const page = await app.newPage({ viewport, locale });
      await page.goto(`/archive/snapshots/${later.id}`);
      await page.locator("[data-testid=capture-timeline] li").first().waitFor();
      expect(await page.locator("#timeline-heading").textContent()).toBe(heading);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      // The plain facts and a citation for everyone; the technical ones folded under a summary in words.
      const dt = (text: string) => page.locator(".archive-facts dt", { hasText: text }).first();
      for (const text of plain) expect(await dt(text).isVisible()).toBe(true);
      for (const text of hidden) expect(await dt(text).isVisible()).toBe(false);
      const citation = page.getByTestId("snapshot-citation");
      expect(await citation.isVisible()).toBe(true);
      expect(await citation.textContent()).toContain(later.title || later.url);
      expect(await citation.textContent()).toContain(captured);
      expect(await citation.textContent()).toContain(`${app.baseUrl}/archive/snapshots/${later.id}`);
      const fold = page.getByTestId("snapshot-technical");
      expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await fold.locator("summary").textContent()).toBe(technical);
      // By keyboard: the summary is in the tab order and Enter unfolds the technical facts.
      await fold.locator("summary").focus();
      await page.keyboard.press("Enter");
      for (const text of hidden) expect(await dt(text).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `archive-snapshot-${lang}-${label}`);
    },
  );
});
