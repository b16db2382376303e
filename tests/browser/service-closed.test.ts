// A service that no longer runs reads as such on its own page. Search leaves out a service marked
// "Closed for good" (defunct) or "Inactive", but a link, a bookmark or the phone's saved copy still
// opens its page, which showed its phone, address, directions and weekly hours as if it were open.
// Its page now says so first, in the page's language, and offers no way to call or go there, online
// and from the device's copy offline.
import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DirectoryService } from "../../shared/directory/types";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { readServices } from "./helpers/idb";

const FOOD_BANK = "partners-in-mission-food-bank";
const DENTAL = "kfla-public-health-dental";
let dataDir: string;
let app: BrowserApp;
beforeAll(async () => {
  dataDir = await prepareDirectoryData(); // the seed and an admin account, who edits below
  app = await startBrowserApp({ dataDir, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Changes one service through the API as the admin: `change` gives the fields to replace. */
async function edit(id: string, change: (s: DirectoryService) => Partial<DirectoryService>): Promise<void> {
  const token = await bearer(app.baseUrl, ACCOUNTS.admin);
  const current = (await (await fetch(`${app.baseUrl}/api/v1/services/${id}`)).json())
    .data as DirectoryService;
  const { id: _i, organizationName: _n, updatedAt: _u, provenance: _p, mergedIds: _m, ...input } = current;
  const res = await fetch(`${app.baseUrl}/api/v1/services/${id}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...input, ...change(current) }),
  });
  expect(res.status).toBe(200);
}

async function openService(page: Page, id: string): Promise<void> {
  await page.goto(`/services/${id}`);
  await page.locator("p.lead").waitFor();
}

/** What the page offers to reach the service: call and text links, directions, the hours table. */
const waysToReach = (page: Page) =>
  page.evaluate(() => ({
    calls: document.querySelectorAll("main a[href^='tel:'], main a[href^='sms:']").length,
    directions: document.querySelectorAll("main [data-testid^='service-directions']").length,
    hours: document.querySelectorAll("main table.hours").length,
    takeaway: document.querySelectorAll("main .takeaway").length,
  }));

describe("a service that no longer runs", () => {
  it("says it has closed at the top of its page and offers no call or directions (English and French)", async () => {
    await edit(FOOD_BANK, () => ({ status: "defunct" }));
    await edit(DENTAL, () => ({ status: "inactive" }));
    for (const [locale, defunct, inactive, similar] of [
      [
        "en-CA",
        "This service has closed",
        "This service is not offered at the moment",
        "Find a similar service",
      ],
      [
        "fr-CA",
        "Ce service a fermé",
        "Ce service n’est pas offert pour le moment",
        "Trouver un service semblable",
      ],
    ] as const) {
      const page = await app.newPage({ locale });
      await openService(page, FOOD_BANK);
      expect(await page.locator("main").textContent()).toContain(defunct);
      const notice = page.locator("[data-testid=service-closed]");
      expect(await notice.locator("h2").textContent()).toBe(defunct);
      // The first thing read under the name, on a phone's first screen.
      const box = await notice.boundingBox();
      expect(box && box.y + box.height).toBeLessThan(844);
      expect(await page.locator("main > h1 + *").getAttribute("data-testid")).toBe("service-closed");
      expect(await waysToReach(page)).toEqual({ calls: 0, directions: 0, hours: 0, takeaway: 0 });
      expect(await page.locator("main").textContent()).not.toContain("613-544-4100");
      const link = notice.getByRole("link", { name: similar });
      expect(await link.getAttribute("href")).toMatch(/^\/search\?q=.+&category=food$/);
      expect(await seriousViolations(page)).toEqual([]);

      await openService(page, DENTAL);
      expect(await notice.locator("h2").textContent()).toBe(inactive);
      expect(await waysToReach(page)).toEqual({ calls: 0, directions: 0, hours: 0, takeaway: 0 });
    }
    // A service still running has no such notice, and its ways to reach it.
    const page = await app.newPage();
    await openService(page, "crisis-988");
    expect(await page.locator("[data-testid=service-closed]").count()).toBe(0);
    expect((await waysToReach(page)).calls).toBeGreaterThan(0);
  });

  it("says so from the device's copy offline too", async () => {
    const total = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=1`)).json()).meta.total;
    const page = await app.newPage({ locale: "fr-CA", serviceWorker: true });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await expect.poll(async () => (await readServices(page)).length, { timeout: 30_000 }).toBe(total);
    await page.context().setOffline(true);
    await openService(page, FOOD_BANK);
    expect(await page.locator("main").textContent()).toContain("Ce service a fermé");
    expect(await page.locator("[data-testid=service-closed] h2").textContent()).toBe("Ce service a fermé");
    expect(await waysToReach(page)).toEqual({ calls: 0, directions: 0, hours: 0, takeaway: 0 });
  });
});

// Dated exceptions (a closure for staff training, shorter hours one day) were stored and used by
// open-now, but the page showed only the weekly hours: "Tuesday 8:30 AM–4:30 PM" on a day it was
// closed. The day's row now says it, and the coming weeks' changes are listed with the hours.
describe("dated closures and changed hours", () => {
  const SERVICE = "trellis-hiv-community-care";
  const ZONE = "America/Toronto";
  /** Today's date where the service is, and the date `days` later. */
  const dateIn = (days: number) => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
    const [y, m, d] = today.split("-").map(Number);
    return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  };
  const written = (locale: string, date: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
  const rowOf = async (page: Page, locale: string, date: string) => {
    const weekday = written(locale, date, { weekday: "long" }).toLowerCase();
    for (const row of await page.locator("table.hours tr").all()) {
      const th = ((await row.locator("th").textContent()) ?? "").toLowerCase();
      if (th.startsWith(weekday)) return { th, td: (await row.locator("td").innerText()).trim() };
    }
    throw new Error(`no row for ${weekday}`);
  };

  it("says today's closure in today's row and lists the coming weeks' changes (English and French)", async () => {
    const everyDay = (["mo", "tu", "we", "th", "fr", "sa", "su"] as const).map((day) => ({
      day,
      opens: "08:30",
      closes: "16:30",
    }));
    await edit(SERVICE, (s) => ({
      schedule: {
        timezone: ZONE,
        weekly: everyDay,
        notes: s.schedule?.notes ?? null,
        exceptions: [
          { date: dateIn(-1), closed: true, opens: null, closes: null, note: "Past" },
          { date: dateIn(10), closed: true, opens: null, closes: null, note: "Holiday" },
          { date: dateIn(0), closed: true, opens: null, closes: null, note: "Staff training" },
          { date: dateIn(2), closed: false, opens: "10:00", closes: "14:00", note: null },
          { date: dateIn(40), closed: true, opens: null, closes: null, note: "Too far ahead" },
        ],
      },
    }));
    for (const [locale, expected] of [
      [
        "en-CA",
        {
          today: { th: "(today)", td: "Closed today (Staff training)\nUsually: 8:30 AM–4:30 PM" },
          shorter: `${written("en", dateIn(2), { month: "long", day: "numeric" })}: 10 AM–2 PM\nUsually: 8:30 AM–4:30 PM`,
          usual: "8:30 AM–4:30 PM",
          heading: "Closures and changed hours",
          list: [
            `${written("en", dateIn(0), { weekday: "long", month: "long", day: "numeric" })}: Closed (Staff training)`,
            `${written("en", dateIn(2), { weekday: "long", month: "long", day: "numeric" })}: 10 AM–2 PM`,
            `${written("en", dateIn(10), { weekday: "long", month: "long", day: "numeric" })}: Closed (Holiday)`,
          ],
        },
      ],
      [
        "fr-CA",
        {
          today: {
            th: "(aujourd’hui)",
            td: "Fermé aujourd’hui (Staff training)\nD’habitude\u00a0: 8 h 30 à 16 h 30",
          },
          shorter: `Le ${written("fr-CA", dateIn(2), { month: "long", day: "numeric" })}\u00a0: 10 h à 14 h\nD’habitude\u00a0: 8 h 30 à 16 h 30`,
          usual: "8 h 30 à 16 h 30",
          heading: "Fermetures et heures modifiées",
          list: [
            `${written("fr-CA", dateIn(0), { weekday: "long", month: "long", day: "numeric" })}\u00a0: Fermé (Staff training)`,
            `${written("fr-CA", dateIn(2), { weekday: "long", month: "long", day: "numeric" })}\u00a0: 10 h à 14 h`,
            `${written("fr-CA", dateIn(10), { weekday: "long", month: "long", day: "numeric" })}\u00a0: Fermé (Holiday)`,
          ],
        },
      ],
    ] as const) {
      const page = await app.newPage({ locale });
      await openService(page, SERVICE);
      const today = await rowOf(page, locale, dateIn(0));
      expect(today.td).toBe(expected.today.td);
      expect(today.th).toContain(expected.today.th);
      expect((await rowOf(page, locale, dateIn(2))).td).toBe(expected.shorter);
      expect((await rowOf(page, locale, dateIn(1))).td).toBe(expected.usual);
      const changes = page.getByRole("list", { name: expected.heading });
      expect((await changes.locator("li").allInnerTexts()).map((s) => s.trim())).toEqual(expected.list);
      // The organization's note is in its own words: marked English on a French page.
      const note = page.locator("table.hours span", { hasText: "Staff training" });
      expect(await note.getAttribute("lang")).toBe(locale === "fr-CA" ? "en" : null);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
