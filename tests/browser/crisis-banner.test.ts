// Issue #15: the emergency block on the search page follows the shared crisis detection, so a plain
// "crisis" search shows it as "suicide" does, online (server ranking) and offline (device ranking),
// and harmless wording ("end of lease") does not.
// Issue #26: on a phone (390×844) the block's 911 call, 9-8-8 call and 9-8-8 text are real links on
// the first screen, above the filters and the result count, in English and French, online and
// offline; the 9-8-8 service page offers the text line beside the call.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { readServices } from "./helpers/idb";
import { saveScreenshot } from "./helpers/screenshots";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

const banner = (page: Page) => page.locator("[data-testid=crisis-actions]");
const ACTIONS = ["tel:911", "tel:988", "sms:988"];

async function search(page: Page, query: string): Promise<void> {
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await page.locator("[data-testid=results-heading]").waitFor();
}

/** Goes offline once every service is saved on the device, so the search runs the device's ranking. */
async function goOfflineWithDirectory(page: Page): Promise<void> {
  await page.goto("/");
  await waitForServiceWorkerControl(page);
  const total = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=1`)).json()).meta.total;
  await expect.poll(async () => (await readServices(page)).length, { timeout: 30_000 }).toBe(total);
  await page.context().setOffline(true);
}

/**
 * Each crisis action is a link with its href, seen at the top of the page (no scrolling) within the
 * first 844 px, and above the filters and the result count.
 */
async function expectActionsOnFirstScreen(page: Page, label: string, actions = ACTIONS): Promise<void> {
  await banner(page).waitFor({ timeout: 10_000 });
  expect(await page.evaluate(() => window.scrollY), label).toBe(0);
  const filters = await page.locator(".filters").boundingBox();
  const count = await page.locator("[data-testid=results-heading]").boundingBox();
  if (!filters || !count) throw new Error(`${label}: no filters or result count`);
  for (const href of actions) {
    const link = banner(page).locator(`a[href="${href}"]`);
    expect(await link.count(), `${label} ${href}`).toBe(1);
    const box = await link.boundingBox();
    if (!box) throw new Error(`${label}: ${href} is not drawn`);
    expect(box.y + box.height, `${label} ${href} bottom`).toBeLessThanOrEqual(PHONE.height);
    expect(box.y + box.height, `${label} ${href} above the filters`).toBeLessThanOrEqual(filters.y);
    expect(box.y + box.height, `${label} ${href} above the count`).toBeLessThanOrEqual(count.y);
    // A phone's finger needs a target of at least 44 px high.
    expect(box.height, `${label} ${href} height`).toBeGreaterThanOrEqual(44);
  }
}

describe("crisis block on the search page", () => {
  // The checks run as several tests, one per language where they repeat: the whole took 36 s in a
  // clean-clone run on a slow, busy machine, a third of the time limit.
  it("shows for 'crisis' as for 'suicide', and not for harmless wording", async () => {
    const en = await app.newPage({ locale: "en-CA" });
    for (const query of ["suicide", "crisis", "i dont want to be here anymore"]) {
      await search(en, query);
      await banner(en).waitFor({ timeout: 10_000 });
      expect(await banner(en).textContent(), query).toContain("Call 911");
    }
    expect(await seriousViolations(en)).toEqual([]);
    await search(en, "end of lease");
    expect(await banner(en).count()).toBe(0);
    // "od" typed: the block shows at once, though two letters run no search (nor change the address).
    await en.fill("#directory-q", "od");
    await banner(en).waitFor({ timeout: 5_000 });
    expect(await banner(en).locator('a[href="tel:911"]').count()).toBe(1);
    await en.waitForTimeout(1_000);
    expect(new URL(en.url()).searchParams.get("q")).toBe("end of lease");
    expect(await en.locator("[data-testid=results-heading]").textContent()).toContain("end of lease");
    await en.fill("#directory-q", "");
    expect(await banner(en).count()).toBe(0);
  });

  it("shows for 'crise' in French", async () => {
    const fr = await app.newPage({ locale: "fr-CA" });
    await search(fr, "crise");
    await banner(fr).waitFor({ timeout: 10_000 });
    expect(await banner(fr).textContent()).toContain("Composez le 911");
  });

  // A night without shelter: 211, the line that finds shelter beds, and 911, on a phone's first
  // screen, without 9-8-8 as if it were suicide.
  for (const [lang, locale, queries] of [
    ["en", "en-CA", ["nowhere to sleep", "homeless tonight"]],
    ["fr", "fr-CA", ["nulle part où dormir", "dormir dehors"]],
  ] as const) {
    it(`puts 911 and 211 first for a night without shelter, and 911 alone for a medical emergency (${lang})`, async () => {
      const page = await app.newPage({ locale, viewport: PHONE });
      for (const query of queries) {
        await search(page, query);
        await expectActionsOnFirstScreen(page, `${lang} ${query}`, ["tel:911", "tel:211"]);
        expect(await banner(page).locator('a[href="tel:988"]').count(), query).toBe(0);
      }
      expect(await banner(page).textContent()).toContain(lang === "en" ? "Call 211" : "Appeler le 211");
      expect(await seriousViolations(page), lang).toEqual([]);
      // A medical emergency: 911 alone, first.
      const breathe = lang === "en" ? "can't breathe" : "je ne peux pas respirer";
      await search(page, breathe);
      await expectActionsOnFirstScreen(page, `${lang} ${breathe}`, ["tel:911"]);
      expect(await banner(page).locator("a").count(), breathe).toBe(1);
    });
  }

  it("shows from the device's own ranking when offline", async () => {
    const page = await app.newPage({ serviceWorker: true });
    await goOfflineWithDirectory(page);
    await search(page, "crisis");
    await page.locator("[data-testid=from-device]").waitFor();
    await banner(page).waitFor({ timeout: 10_000 });
    expect(await banner(page).textContent()).toContain("911");
    await page.context().setOffline(false);
  });
});

describe("crisis block on a network that holds requests without failing them", () => {
  const stall = (page: Page) => page.route("**/api/v1/search/services", () => undefined); // never answered

  it("shows at once from the words typed, before any answer, even with no copy on the device", async () => {
    const page = await app.newPage({ locale: "fr-CA", viewport: PHONE });
    await stall(page);
    await page.goto(`/search?q=${encodeURIComponent("je veux mourir")}`);
    await banner(page).waitFor({ timeout: 5_000 });
    // The search itself has not answered: the block did not wait for it.
    expect(await page.locator("[data-testid=results-heading]").count()).toBe(0);
    expect(await banner(page).locator('a[href="tel:988"]').count()).toBe(1);
  });

  it("answers from the device's copy once the server has kept it waiting, and says so with the copy's date", async () => {
    const page = await app.newPage({ locale: "en-CA", viewport: PHONE });
    await page.goto("/");
    const total = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=1`)).json()).meta.total;
    await expect.poll(async () => (await readServices(page)).length, { timeout: 30_000 }).toBe(total);
    await stall(page);
    await page.goto("/search?q=food");
    const notice = page.locator("[data-testid=from-device]");
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toMatch(
      /^The server is not answering: these results come from the copy of the directory this device saved on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M\.$/,
    );
    expect(await page.locator("ol.results > li").count()).toBeGreaterThan(0);
  });
});

describe("crisis actions within one tap on a phone", () => {
  const CASES = [
    { locale: "en-CA", lang: "en", query: "I want to kill myself" },
    { locale: "fr-CA", lang: "fr", query: "je veux mourir" },
  ] as const;

  // One test per language and case: each pair in one test took up to 32 s on a slow, busy machine.
  for (const c of CASES) {
    it(`puts 911, call 988 and text 988 on the first screen online, with 9-8-8 first in the results (${c.lang})`, async () => {
      const page = await app.newPage({ locale: c.locale });
      await search(page, c.query);
      await expectActionsOnFirstScreen(page, `${c.lang} online`);
      // The service asked for stays in the top results, right under the block.
      const first = page.locator("ol.results > li").first().locator("a").first();
      expect(await first.getAttribute("href"), c.lang).toBe("/services/crisis-988");
      expect(await seriousViolations(page), c.lang).toEqual([]);
      await saveScreenshot(page, `crisis-search-phone-${c.lang}-online`, { fullPage: false });
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, `crisis-search-desktop-${c.lang}-online`, { fullPage: false });
    });

    it(`puts them on the first screen offline too, from the device's ranking (${c.lang})`, async () => {
      const page = await app.newPage({ locale: c.locale, serviceWorker: true });
      await goOfflineWithDirectory(page);
      await search(page, c.query);
      await page.locator("[data-testid=from-device]").waitFor();
      await expectActionsOnFirstScreen(page, `${c.lang} offline`);
      expect(await seriousViolations(page), c.lang).toEqual([]);
      await saveScreenshot(page, `crisis-search-phone-${c.lang}-offline`, { fullPage: false });
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, `crisis-search-desktop-${c.lang}-offline`, { fullPage: false });
      await page.context().setOffline(false);
    });

    it(`offers 'Text 988' beside the call on the 9-8-8 service page (${c.lang})`, async () => {
      const page = await app.newPage({ locale: c.locale });
      await page.goto("/services/crisis-988");
      const text = page.locator('main a[href="sms:988"]');
      await text.waitFor({ timeout: 10_000 });
      expect(await text.textContent()).toBe(c.lang === "en" ? "Text 988" : "Texto au 988");
      expect(await page.locator('main a[href="tel:988"]').count()).toBeGreaterThanOrEqual(1);
      expect(await seriousViolations(page), c.lang).toEqual([]);
      await saveScreenshot(page, `crisis-988-page-phone-${c.lang}`);
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, `crisis-988-page-desktop-${c.lang}`);
    });
  }
});
