// Issue #26: a page that cannot show what it was asked for (offline with no copy of the directory,
// a failed or missing page) still offers 911 and 9-8-8 as links a phone dials, in both languages.
// Before, a kiosk whose saved directory had been removed showed "Search is unavailable" and nothing else.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { PHONE } from "./helpers/browser";
import { readServices } from "./helpers/idb";
import { saveScreenshot } from "./helpers/screenshots";

const KIOSK_SCREEN = { width: 1080, height: 1920 };
const NUMBERS = ["tel:911", "tel:988", "sms:988"];

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

/** The links of the emergency block(s) in the page's main content. */
const emergencyLinks = (page: Page) =>
  page.locator("main .emergency-line a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));

describe("emergency numbers where a page cannot show its content", () => {
  it("search offline with no copy of the directory on the device: the message, 911 and 988, in English and French", async () => {
    const page = await app.newPage({ serviceWorker: true });
    await page.goto("/settings");
    await waitForServiceWorkerControl(page);
    await expect.poll(async () => (await readServices(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    // First, a copy without the service asked for (a link received by text message): said as such,
    // not as a device with no copy at all.
    await page.context().setOffline(true);
    await page.goto("/services/not-in-this-copy");
    await page
      .getByText(
        "This service is not in the copy of the directory saved on this device, and there is no connection",
        {
          exact: false,
        },
      )
      .waitFor();
    expect(await emergencyLinks(page)).toEqual(NUMBERS);
    await page.context().setOffline(false);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Remove saved information" }).click();
    await page.getByRole("button", { name: "Yes, remove it" }).click();
    await page.getByText("Saved information removed.").waitFor();
    await page.context().setOffline(true);

    await page.goto("/search?q=food");
    await page.getByText("Search is unavailable", { exact: false }).waitFor();
    expect(await emergencyLinks(page)).toEqual(NUMBERS);
    expect(await page.getByRole("link", { name: "Call 988, the suicide crisis helpline" }).count()).toBe(1);
    await saveScreenshot(page, "emergency-search-unavailable-en-phone");

    await page.getByRole("button", { name: "FR" }).click();
    await page.getByText("La recherche n’est pas disponible", { exact: false }).waitFor();
    expect(await emergencyLinks(page)).toEqual(NUMBERS);
    expect(
      await page
        .getByRole("link", { name: "Appeler le 988, la ligne d’aide en cas de crise suicidaire" })
        .count(),
    ).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "emergency-search-unavailable-fr-phone");
  });

  it("a search that matches nothing offers 911 and 988 beside the suggestions, in English and French", async () => {
    for (const locale of ["en-CA", "fr-CA"]) {
      const page = await app.newPage({ locale, viewport: PHONE });
      await page.goto("/search?q=zqxjv+plorfk");
      await page.locator("[data-testid=results-heading]").waitFor();
      expect(await emergencyLinks(page)).toEqual(NUMBERS);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `emergency-search-nothing-${locale}-phone`);
    }
  });

  for (const [lang, locale] of [
    ["en", "en-CA"],
    ["fr", "fr-CA"],
  ] as const) {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["kiosk", KIOSK_SCREEN],
    ] as const) {
      it(`a missing page and a missing service in ${lang} on a ${size} show 911 and 988`, async () => {
        const page = await app.newPage({ locale, viewport });
        await page.goto("/no-such-page");
        await page.locator("h1").waitFor();
        expect(await emergencyLinks(page)).toEqual(NUMBERS);
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto("/services/no-such-service");
        await page.locator(".load-error").waitFor();
        expect(await emergencyLinks(page)).toEqual(NUMBERS);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `emergency-service-missing-${lang}-${size}`);
      });
    }
  }
});
