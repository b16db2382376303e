import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { saveScreenshot } from "./helpers/screenshots";

// Every page of the app, its expected heading, and a file-friendly name for its screenshots.
const PAGES = [
  { path: "/", name: "home", h1: "Find help and health information" },
  { path: "/search?q=food", name: "search", h1: "Directory" },
  { path: "/waits?province=QC", name: "waits", h1: "Emergency wait times" },
  { path: "/waits/compare", name: "compare", h1: "Compare two hospitals" },
  { path: "/waits/ca-on-alexandra-hospital?period=1y", name: "hospital-trends", h1: "Alexandra Hospital" },
  { path: "/archive?q=health", name: "archive-search", h1: "Public-health web archive" },
  // Signed out, the session probe (GET /api/v1/auth/me) answers 401, which Chromium logs.
  { path: "/admin/observability", name: "observability", h1: "Service observability", expect401: true },
  { path: "/archive", name: "archive", h1: "Public-health web archive" },
  { path: "/settings", name: "settings", h1: "Settings" },
  { path: "/no/such/page", name: "not-found", h1: "Page not found" },
];
const SIZES = [
  { label: "phone", viewport: PHONE },
  { label: "desktop", viewport: DESKTOP },
];

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, archiveDemo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

/** Console errors and CSP violations seen while the page was open. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

describe("pages at phone and desktop size, in a browser without service workers", () => {
  // One page per path, resized from phone to desktop: a new browser context per size would
  // sync the directory again for the same check. The browser has no service workers (the file's
  // app turns them off, as some private windows do): every page still works without one.
  it.each(PAGES)("$path renders, has no serious axe violation, no console error", async (spec) => {
    const page = await app.newPage({ viewport: SIZES[0].viewport });
    const problems = watchProblems(page);
    await page.goto(spec.path);
    expect(await page.evaluate(() => "serviceWorker" in navigator)).toBe(false);
    for (const { label, viewport } of SIZES) {
      await page.setViewportSize(viewport);
      await expect.poll(() => page.locator("h1").textContent()).toBe(spec.h1);
      expect(await page.locator("main#main").count()).toBe(1);
      expect(await page.locator("header nav").count()).toBe(1);
      expect(await seriousViolations(page), `${spec.path} at ${label} size`).toEqual([]);
      await saveScreenshot(page, `${spec.name}-${label}`);
    }
    const allowed = (p: string) => "expect401" in spec && /status of 401 \(Unauthorized\)/.test(p);
    expect(problems.filter((p) => !allowed(p))).toEqual([]);
    await page.context().close();
  });
});

describe("page in French", () => {
  // One French tab goes from page to page, as a reader does: the first-visit render of every page is
  // the block above's; a context per page here would sync the directory again only to run axe.
  // Its context is the file's (app.close() closes it).
  let french: Page | undefined;
  it.each(PAGES)("$path has no serious axe violation in French", async (spec) => {
    french ??= await (await app.newContext({ viewport: PHONE, locale: "fr-CA" })).newPage();
    const page = french;
    await page.goto(spec.path);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await page.locator("h1").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
