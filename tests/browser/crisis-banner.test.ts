// Issue #15: the emergency banner on the search page follows the shared crisis detection, so a plain
// "crisis" search shows it as "suicide" does, online (server ranking) and offline (device ranking),
// and harmless wording ("end of lease") does not.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { readServices } from "./helpers/idb";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true });
});
afterAll(async () => {
  await app?.close();
});

const banner = (page: Page) => page.locator("p.alert[role=alert]");

async function search(page: Page, query: string): Promise<void> {
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await page.locator("[data-testid=results-heading]").waitFor();
}

describe("crisis banner on the search page", () => {
  it("shows for 'crisis' as for 'suicide', in English and French, and not for harmless wording", async () => {
    const en = await app.newPage({ locale: "en-CA" });
    for (const query of ["suicide", "crisis", "i dont want to be here anymore"]) {
      await search(en, query);
      await banner(en).waitFor({ timeout: 10_000 });
      expect(await banner(en).textContent(), query).toContain("911");
    }
    expect(await seriousViolations(en)).toEqual([]);
    await search(en, "end of lease");
    expect(await banner(en).count()).toBe(0);

    const fr = await app.newPage({ locale: "fr-CA" });
    await search(fr, "crise");
    await banner(fr).waitFor({ timeout: 10_000 });
    expect(await banner(fr).textContent()).toContain("composez le 911");
  });

  it("shows from the device's own ranking when offline", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    const total = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=1`)).json()).meta.total;
    await expect.poll(async () => (await readServices(page)).length, { timeout: 30_000 }).toBe(total);
    await page.context().setOffline(true);
    await search(page, "crisis");
    await page.locator("[data-testid=from-device]").waitFor();
    await banner(page).waitFor({ timeout: 10_000 });
    expect(await banner(page).textContent()).toContain("911");
    await page.context().setOffline(false);
  });
});
