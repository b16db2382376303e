// An archive search that reads as a crisis ("suicide", "je veux mourir", "kill myself") shows the
// directory search's crisis block: 911 and 9-8-8 (call and text) as links on a phone's first screen
// (390×844) and on a desktop, in English and French, axe-clean; a harmless search does not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

const ACTIONS = ["tel:911", "tel:988", "sms:988"];
const QUERIES = ["suicide", "je veux mourir", "kill myself"];

describe.each([
  { lang: "en", locale: "en-CA", call: "Call 911" },
  { lang: "fr", locale: "fr-CA", call: "Composez le 911" },
])("crisis block on the archive search ($lang)", ({ lang, locale, call }) => {
  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`shows 911 and 9-8-8 on the first screen (${size})`, async () => {
      const page = await app.newPage({ viewport, locale });
      for (const q of QUERIES) {
        await page.goto(`/archive?q=${encodeURIComponent(q)}`);
        await page.locator("[data-testid=archive-total]").waitFor();
        expect(await page.locator("html").getAttribute("lang")).toBe(lang);
        const block = page.locator("[data-testid=crisis-actions]");
        await block.waitFor({ timeout: 10_000 });
        expect(await page.evaluate(() => window.scrollY), q).toBe(0);
        expect(await block.locator('a[href="tel:911"]').textContent(), q).toBe(call);
        for (const href of ACTIONS) {
          const link = block.locator(`a[href="${href}"]`);
          expect(await link.count(), `${q} ${href}`).toBe(1);
          const box = await link.boundingBox();
          if (!box) throw new Error(`${q}: ${href} is not drawn`);
          expect(box.y + box.height, `${q} ${href} on the first screen`).toBeLessThanOrEqual(viewport.height);
          expect(box.height, `${q} ${href} height`).toBeGreaterThanOrEqual(44);
        }
      }
      expect(await seriousViolations(page)).toEqual([]);
      // A harmless search shows no crisis block.
      await page.goto("/archive?q=vaccine");
      await page.locator("[data-testid=archive-total]").waitFor();
      expect(await page.locator("[data-testid=crisis-actions]").count()).toBe(0);
    });
  }
});
