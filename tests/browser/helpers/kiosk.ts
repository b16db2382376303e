// Steps shared by the kiosk browser tests: turning kiosk mode on the way staff do (the Settings
// form with a staff PIN and short timings), reading where the page is, and measuring targets.
import type { Page } from "playwright-core";

export const STAFF_PIN = "482913";

export interface KioskSetup {
  idleSeconds?: number;
  warningSeconds?: number;
}

/** Opens /?kiosk=1, fills the Settings form and waits for the kiosk start page. */
export async function turnOnKiosk(page: Page, setup: KioskSetup = {}): Promise<void> {
  await page.goto("/?kiosk=1");
  await page.locator("#kiosk-pin").waitFor();
  await page.locator("#kiosk-pin").fill(STAFF_PIN);
  await page.locator("#kiosk-pinAgain").fill(STAFF_PIN);
  await page.locator("#kiosk-idleSeconds").fill(String(setup.idleSeconds ?? 60));
  await page.locator("#kiosk-warningSeconds").fill(String(setup.warningSeconds ?? 10));
  await page.locator(".kiosk-form button[type=submit]").click();
  await page.waitForFunction(
    () => document.documentElement.classList.contains("kiosk") && location.pathname === "/",
  );
  await page.locator("#directory-q").waitFor();
}

export const isKiosk = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains("kiosk"));

export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Visible links, buttons, fields and summaries smaller than 44 × 44 px, described for a failure message. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a, button, input, select, textarea, summary")]
      // A card whose rendering content-visibility skips (off screen) has no boxes yet: 0×0 says
      // nothing of its size once drawn. Those on screen are measured.
      .filter(
        (el) =>
          el.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions) &&
          !el.closest(".visually-hidden, .skip-link"),
      )
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ el, box }) => `${el.outerHTML.slice(0, 80)} ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
}
