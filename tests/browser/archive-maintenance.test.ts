// Maintenance mode: while an operator has the archive in maintenance, its API answers 503
// ServiceUnavailable; the archive pages then show a banner with the planned end and the reason
// (read from the 503's message), in EN and FR, and drop it once the API answers again. A window
// announced ahead (GET /api/maintenance) is shown before it starts, its times in the page's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index";
import { repositoryOf } from "../../server/archive/repository-of";
import { allModules } from "../../server/modules";
import { ManualClock } from "../helpers/manual-clock";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { saveScreenshot } from "./helpers/screenshots";

let app: BrowserApp;
const until = new Date(Date.now() + 2 * 3600_000).toISOString();
// The server re-reads the maintenance windows at most once a second of this clock, moved by hand.
const clock = new ManualClock();
const settle = () => clock.advance(1200);
const archive = () => repositoryOf(app.server.contexts.get("archive")!);

beforeAll(async () => {
  app = await startBrowserApp({
    modules: allModules.map((m) => (m.name === "archive" ? createArchiveModule({ clock }) : m)),
    serviceWorker: false,
  });
  const now = new Date(clock.now()).toISOString();
  await archive().scheduleMaintenanceWindow(
    {
      type: "emergency",
      starts_at: now,
      ends_at: until,
      reason: "Replacing a storage disk",
      announced_at: now,
      override: "emergency",
      override_reason: "Replacing a storage disk",
      rules_broken: null,
    },
    now,
  );
  settle();
});
afterAll(async () => {
  await app?.close();
});

describe("archive maintenance banner", () => {
  it("is shown when the archive API answers 503, with the end time and the reason", async () => {
    const res = await fetch(`${app.baseUrl}/api/changes`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe("ServiceUnavailable");
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/archive/changes");
    const banner = page.locator("[data-testid=archive-maintenance]");
    await banner.waitFor();
    const text = await banner.textContent();
    expect(text).toContain("The archive is under maintenance.");
    expect(text).toContain(new Date(until).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" }));
    expect(text).toContain("Reason given by the operator: Replacing a storage disk");
    // Announced politely: it sits in a live status region.
    expect(await page.locator("[role=status]", { has: banner }).count()).toBe(1);
  });

  for (const { label, viewport } of [
    { label: "phone", viewport: PHONE },
    { label: "desktop", viewport: DESKTOP },
  ]) {
    it(`is axe-clean in EN and FR at ${label} size`, async () => {
      for (const [locale, lang, title] of [
        ["en-CA", "en", "The archive is under maintenance."],
        ["fr-CA", "fr", "L’archive est en maintenance."],
      ]) {
        const page = await app.newPage({ viewport, locale });
        await page.goto("/archive");
        await page.locator("[data-testid=archive-maintenance]").waitFor();
        expect(await page.locator("[data-testid=archive-maintenance] strong").textContent()).toBe(title);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `archive-maintenance-${lang}-${label}`);
      }
    });
  }

  it("goes away once the archive answers again", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/archive/changes");
    await page.locator("[data-testid=archive-maintenance]").waitFor();
    await archive().endCurrentMaintenance(new Date(clock.now()).toISOString());
    settle();
    await page.getByRole("link", { name: "Search the archive" }).click();
    // The sources answer again: with no capture yet (no demo crawl here) the page says so.
    await page.getByText("No source has been captured yet.").waitFor();
    expect(await page.locator("[data-testid=archive-maintenance]").count()).toBe(0);
  });
});

describe("archive maintenance announcement", () => {
  it("announces an upcoming window from GET /api/maintenance in EN and FR, times in the page's language", async () => {
    const now = new Date(clock.now()).toISOString();
    const startsAt = new Date(clock.now() + 3 * 86_400_000).toISOString();
    const endsAt = new Date(clock.now() + 3 * 86_400_000 + 30 * 60_000).toISOString();
    await archive().scheduleMaintenanceWindow(
      {
        type: "routine",
        starts_at: startsAt,
        ends_at: endsAt,
        reason: "Database upgrade",
        announced_at: now,
        override: null,
        override_reason: null,
        rules_broken: null,
      },
      now,
    );
    settle();
    // French pages write Canadian French ("10 h 34"), as web/i18n/i18n.ts locale() gives.
    const when = (iso: string, lang: string) =>
      new Date(iso).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
    for (const [locale, lang, title, text] of [
      [
        "en-CA",
        "en",
        "Planned maintenance",
        `unavailable from ${when(startsAt, "en")} to ${when(endsAt, "en")}`,
      ],
      [
        "fr-CA",
        "fr",
        "Maintenance prévue",
        `indisponible du ${when(startsAt, "fr-CA")} au ${when(endsAt, "fr-CA")}`,
      ],
    ]) {
      const page = await app.newPage({ viewport: PHONE, locale });
      await page.goto("/archive");
      const banner = page.locator("[data-testid=archive-maintenance-upcoming]");
      await banner.waitFor();
      expect(await banner.locator("strong").textContent()).toBe(title);
      expect(await banner.textContent()).toContain(text);
      expect(await banner.textContent()).toContain("Database upgrade");
      // The archive is still open: the page shows its content, not the maintenance notice.
      expect(await page.locator("[data-testid=archive-maintenance]").count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `archive-maintenance-upcoming-${lang}-phone`);
    }
  });
});
