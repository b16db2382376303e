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
