// Archive search results for captured documents: a PDF says so in words, and a page found by an
// old address that redirects to it says which address it was reached from; in English and French,
// on a phone, axe-clean. A real crawl of a local site, the real indexer and server.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureSite } from "../helpers/archive/captured-site";
import { minimalPdf } from "../helpers/archive/minimal-pdf";
import { scratchDir } from "../helpers/scratch-dir";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { PHONE } from "./helpers/browser";

const PAGES = {
  "/site/": {
    type: "text/html",
    body: '<!doctype html><html lang="en"><head><title>Guidance</title></head><body><main><p>Documents.</p><a href="/site/old-measles">Measles</a></main></body></html>',
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
let origin = "";
beforeAll(async () => {
  const dataDir = scratchDir("chc-archive-documents-");
  // The guide's old address redirects to the PDF.
  const site = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/site/old-measles")
      return void res.writeHead(301, { Location: "/site/measles-guide.pdf" }).end();
    const page = PAGES[path as keyof typeof PAGES];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    await captureSite(dataDir, `${origin}/site/`);
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
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

  it.each([
    { locale: "en-CA", words: "Reached from" },
    { locale: "fr-CA", words: "Redirigé depuis" },
  ])(
    "found by an old address, says it was reached from it ($locale), axe-clean",
    async ({ locale, words }) => {
      const page = await app.newPage({ viewport: PHONE, locale });
      await page.goto(`/archive?${new URLSearchParams({ q: `${origin}/site/old-measles` })}`);
      const hit = page.locator(".archive-hit");
      await hit.first().waitFor();
      expect(await hit.count()).toBe(1);
      expect(await hit.locator("h3").textContent()).toBe("Measles vaccination guidance for clinicians");
      expect(await hit.locator("p.muted").allTextContents()).toContain(`${words} ${origin}/site/old-measles`);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
