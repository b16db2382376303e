import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, prepareDirectoryData } from "../helpers/directory/accounts";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { editElsewhere, SERVICE } from "./helpers/partner";
import { saveScreenshot } from "./helpers/screenshots";
import { signInThroughPage } from "./helpers/sign-in";

// Polls wait on real server round trips on a shared 2-core machine: allow them time.
const SLOW = { timeout: 15_000 };
let app: BrowserApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  app = await startBrowserApp({ dataDir, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// A date and time as each language writes it: "Nov 30, 2026, 5:44 PM"; "30 nov. 2026, 17 h 44".
const CASES = [
  {
    lang: "en",
    locale: "en-CA",
    title: "Partner dashboard",
    when: /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/,
  },
  {
    lang: "fr",
    locale: "fr-CA",
    title: "Tableau de bord des partenaires",
    when: /\d{1,2} [a-zéû]+\.? \d{4}, \d{1,2} h \d{2}/,
  },
] as const;
const SIZES = [
  { size: "phone", viewport: PHONE },
  { size: "desktop", viewport: DESKTOP },
] as const;

describe("partner dashboard accessibility", () => {
  for (const c of CASES) {
    it(`has no serious axe violation on any of its views, at phone and desktop size (${c.lang})`, async () => {
      const page = await app.newPage({ viewport: PHONE, locale: c.locale });
      // Each view is checked at both sizes by resizing the one page (no second sign-in).
      const clean = async (view: string) => {
        for (const { size, viewport } of SIZES) {
          await page.setViewportSize(viewport);
          const violations = await seriousViolations(page);
          expect({ view, size, violations }).toEqual({ view, size, violations: [] });
          await saveScreenshot(page, `partner-${view}-${c.lang}-${size}`);
        }
        await page.setViewportSize(PHONE);
      };
      await page.goto("/partner");
      expect(await page.locator("h1").textContent()).toBe(c.title);
      expect(await page.locator("html").getAttribute("lang")).toBe(c.lang);
      await page.locator(".pf-signin button[type=submit]").click(); // errors beside both fields
      await page.locator("#pf-signin-password-error").waitFor();
      await clean("signin");

      await signInThroughPage(page, ACCOUNTS.partnerA);
      await page.locator(".pf-services h3").first().waitFor();
      expect(await page.locator(".pf-services .muted").first().textContent()).toMatch(c.when);
      await clean("services");

      await page.goto(`/partner/services/${SERVICE}`);
      await page.locator("#pf-weekly-0-opens").fill("7h");
      await page.locator(".pf-form button[type=submit]").click();
      await page.locator("#pf-weekly-0-opens-error").waitFor();
      await clean("edit");

      // Someone else saves first: the comparison, then back to their version.
      await editElsewhere(app.baseUrl, ACCOUNTS.admin, `Another editor's wording (${c.lang}).`);
      await page.locator("#pf-weekly-0-opens").fill("08:00");
      await page.locator(".pf-form button[type=submit]").click();
      await page.locator(".pf-conflict tbody tr").first().waitFor();
      expect(await page.locator(".pf-conflict p").first().textContent()).toMatch(c.when);
      await clean("conflict");
      await page.locator(".pf-conflict .pf-actions button:not(.primary)").click();
      await expect.poll(() => page.locator(".pf-conflict").count(), SLOW).toBe(0);

      await page.goto(`/partner/services/${SERVICE}/history`);
      await page.locator(".pf-history > li").first().waitFor();
      expect(await page.locator(".pf-history > li .muted").first().textContent()).toMatch(c.when);
      await clean("history");
    });
  }

  it("reaches the dashboard from the main navigation by keyboard", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/");
    const link = page.locator("nav.main-nav a[href='/partner']");
    expect(await link.textContent()).toBe("Partners");
    await link.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/partner");
    await page.locator("#pf-signin-email").focus();
    await page.keyboard.type(ACCOUNTS.partnerA);
    await page.keyboard.press("Tab");
    await page.keyboard.type("correct horse battery staple");
    await page.keyboard.press("Enter");
    await page.locator(".pf-services h3").first().waitFor();
  });
});
