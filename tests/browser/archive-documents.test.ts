// Archive search results for captured documents: a PDF says so in words, in English and French,
// on a phone, axe-clean. A real crawl of a local site with a PDF, the real indexer and server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureServedPages } from "../helpers/archive/captured-site";
import { minimalPdf } from "../helpers/archive/minimal-pdf";
import { scratchDir } from "../helpers/scratch-dir";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { PHONE } from "./helpers/browser";

const PAGES = {
  "/site/": {
    type: "text/html",
    body: '<!doctype html><html lang="en"><head><title>Guidance</title></head><body><main><p>Documents.</p><a href="/site/measles-guide.pdf">Measles</a></main></body></html>',
  },
  "/site/measles-guide.pdf": {
    type: "application/pdf",
    body: minimalPdf({
      title: "Measles vaccination guidance for clinicians",
      pages: [["Second dose schedule for children", "Contraindications include immunosuppression"]],
    }),
  },
};

let app: BrowserApp;
beforeAll(async () => {
  const dataDir = scratchDir("chc-archive-documents-");
  await captureServedPages(dataDir, PAGES);
  app = await startBrowserApp({ dataDir, serviceWorker: false });
}, 90_000);
afterAll(async () => {
  await app?.close();
});

describe("a PDF in the archive's search results", () => {
  it.each([
    { locale: "en-CA", words: "PDF document" },
    { locale: "fr-CA", words: "Document PDF" },
  ])("says it is a PDF ($locale), axe-clean on a phone", async ({ locale, words }) => {
    const page = await app.newPage({ viewport: PHONE, locale });
    await page.goto("/archive?q=immunosuppression");
    const hit = page.locator(".archive-hit");
    await hit.first().waitFor();
    expect(await hit.count()).toBe(1);
    expect(await hit.locator("h3").textContent()).toBe("Measles vaccination guidance for clinicians");
    expect(await hit.locator("p.muted").first().textContent()).toMatch(new RegExp(`^${words} · `));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
