// The staff PIN lock: kiosk mode cannot be turned off from the address bar or Settings without the
// PIN chosen when it was turned on; wrong guesses are refused and slowed down; only a hash is kept.
// Issue #26: a visitor could open Settings and remove the kiosk's offline directory without it; now
// everything in Settings but the language waits for the staff PIN.
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { isKiosk, pathOf, STAFF_PIN, smallTargets, turnOnKiosk } from "./helpers/kiosk";
import { SCREENSHOT_DIR, saveScreenshot } from "./helpers/screenshots";

const KIOSK_SCREEN = { width: 1080, height: 1920 };

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

async function tryPin(page: Page, pin: string): Promise<string> {
  await page.locator("#kiosk-unlock-pin").fill(pin);
  await page.locator(".kiosk-form button[type=submit]").click();
  await expect.poll(() => page.locator(".kiosk-form button[type=submit]").isEnabled()).toBe(true);
  return page.evaluate(() => document.getElementById("kiosk-unlock-pin-error")?.textContent ?? "");
}

describe("kiosk PIN lock", () => {
  it("?kiosk=0 and Settings need the staff PIN; wrong ones are refused, then slowed down", async () => {
    const page = await app.newPage();
    await page.clock.install();
    await turnOnKiosk(page, { idleSeconds: 600, warningSeconds: 30 }); // no reset while the waits run
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain(STAFF_PIN); // only a salted hash
    expect(
      JSON.parse(await page.evaluate(() => localStorage.getItem("chc.kiosk.pin") ?? "{}")),
    ).toMatchObject({
      salt: expect.any(String),
      hash: expect.any(String),
    });

    await page.goto("/?kiosk=0");
    await page.locator("#kiosk-unlock-pin").waitFor();
    expect(pathOf(page)).toBe("/settings");
    expect(await isKiosk(page)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("kiosk-unlock-pin");

    expect(await tryPin(page, "")).toBe("Enter the staff PIN.");
    expect(await tryPin(page, "000000")).toBe("That PIN is not right. Kiosk mode stays on.");
    expect(await page.locator("#kiosk-unlock-pin").inputValue()).toBe(""); // not left in the field
    expect(await page.locator("#kiosk-unlock-pin").getAttribute("aria-invalid")).toBe("true");
    expect(await tryPin(page, "111111")).toBe("That PIN is not right. Kiosk mode stays on.");
    expect(await tryPin(page, "222222")).toBe("That PIN is not right. Try again in 30 seconds.");
    // While the wait runs, even the right PIN is not checked, and reloading does not reset it.
    await page.reload();
    expect(await tryPin(page, STAFF_PIN)).toMatch(/^Too many wrong PINs\. Try again in (30|29) seconds\.$/);
    expect(await isKiosk(page)).toBe(true);
    await page.clock.runFor(31_000);
    expect(await tryPin(page, "333333")).toBe("That PIN is not right. Try again in 60 seconds.");
    await page.clock.runFor(61_000);

    expect(await tryPin(page, STAFF_PIN)).toBe("");
    expect(await isKiosk(page)).toBe(false);
    expect(await page.getByText("Kiosk mode is off on this device.").count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem("chc.kiosk.pin"))).toBeNull();
    await page.goto("/");
    await page.locator("h1").waitFor();
    expect(await isKiosk(page)).toBe(false);
    await page.getByRole("button", { name: "Menu" }).click(); // on a phone the links are behind it
    expect(
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Partners" }).count(),
    ).toBe(1);
  });

  for (const [lang, locale] of [
    ["en", "en-CA"],
    ["fr", "fr-CA"],
  ] as const) {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      it(`PIN prompt in ${lang} on a ${size}: screenshot, large targets, no serious accessibility problem`, async () => {
        const page = await app.newPage({ locale, viewport });
        await turnOnKiosk(page);
        await page.goto("/settings?kiosk=0");
        await page.locator("#kiosk-unlock-pin").waitFor();
        expect(await tryPin(page, "0000")).toBe(
          lang === "en"
            ? "That PIN is not right. Kiosk mode stays on."
            : "Ce NIP n’est pas le bon. Le mode borne reste activé.",
        );
        await page.locator("#kiosk").scrollIntoViewIfNeeded();
        expect(await smallTargets(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `kiosk-pin-${lang}-${size}`);
        // The section alone too: the whole Settings page is long on a phone.
        await page
          .locator("#kiosk")
          .screenshot({ path: path.join(SCREENSHOT_DIR, `kiosk-pin-${lang}-${size}-section.png`) });
      });
    }
  }

  /** Sends the staff PIN form of Settings; returns the error shown under the field ("" once it opened). */
  async function tryStaffPin(page: Page, pin: string): Promise<string> {
    await page.locator("#staff-pin").fill(pin);
    await page.locator(".staff-form button[type=submit]").click();
    const checking = () =>
      page.evaluate(() => document.querySelector<HTMLButtonElement>(".staff-form button")?.disabled === true);
    await expect.poll(checking).toBe(false); // the answer came (the form is gone when the PIN opened it)
    return page.evaluate(() => document.getElementById("staff-pin-error")?.textContent ?? "");
  }
  const STAFF_HEADINGS = ["Offline data", "Remove saved information"];
  const visibleHeadings = (page: Page) => page.locator("main h2").allTextContents();

  it("Settings on a kiosk: the language is open to all, the rest asks for the staff PIN and refuses a wrong one", async () => {
    const page = await app.newPage();
    await page.clock.install();
    await turnOnKiosk(page, { idleSeconds: 600, warningSeconds: 30 });
    await page.goto("/settings");
    await page.locator("#staff-pin").waitFor();
    const headings = await visibleHeadings(page);
    for (const hidden of STAFF_HEADINGS) expect(headings).not.toContain(hidden);
    expect(await page.getByRole("button", { name: "Remove saved information" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Update now" }).count()).toBe(0);

    // The language needs no PIN.
    await page.getByRole("radio", { name: "Français" }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await page.getByRole("radio", { name: "English" }).check();

    expect(await tryStaffPin(page, "")).toBe("Enter the staff PIN.");
    expect(await tryStaffPin(page, "000000")).toBe("That PIN is not right. The staff settings stay hidden.");
    expect(await page.locator("#staff-pin").inputValue()).toBe("");
    expect(await tryStaffPin(page, "111111")).toBe("That PIN is not right. The staff settings stay hidden.");
    // Wrong tries here and at "turn off kiosk mode" are one count: a third one waits.
    expect(await tryPin(page, "222222")).toBe("That PIN is not right. Try again in 30 seconds.");
    expect(await tryStaffPin(page, STAFF_PIN)).toMatch(
      /^Too many wrong PINs\. Try again in (30|29) seconds\.$/,
    );
    for (const hidden of STAFF_HEADINGS) expect(await visibleHeadings(page)).not.toContain(hidden);
    await page.clock.runFor(31_000);

    expect(await tryStaffPin(page, STAFF_PIN)).toBe("");
    await page.getByRole("button", { name: "Remove saved information" }).waitFor();
    for (const shown of STAFF_HEADINGS) expect(await visibleHeadings(page)).toContain(shown);
    expect(await isKiosk(page)).toBe(true); // opening the staff settings does not end kiosk mode
    // Opened for this page only: the next page asks again.
    await page.reload();
    await page.locator("#staff-pin").waitFor();
    expect(await page.getByRole("button", { name: "Remove saved information" }).count()).toBe(0);
  });

  it("counts every wrong PIN sent at once, from both forms and two tabs, and slows the rest down", async () => {
    const page = await app.newPage();
    await turnOnKiosk(page, { idleSeconds: 600, warningSeconds: 30 });
    const second = await page.context().newPage();
    for (const tab of [page, second]) {
      await tab.goto("/settings");
      await tab.locator("#staff-pin").waitFor();
      await tab.locator("#staff-pin").fill("000000");
      // The "turn off kiosk mode" form, on the same page.
      await tab.locator("#kiosk-unlock-pin").fill("111111");
    }
    const sendBoth = (tab: Page) =>
      tab.evaluate(() => {
        for (const form of document.querySelectorAll<HTMLFormElement>(
          "form:has(#staff-pin), form:has(#kiosk-unlock-pin)",
        ))
          form.requestSubmit();
      });
    await Promise.all([sendBoth(page), sendBoth(second)]);
    const attempts = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem("chc.kiosk.pinAttempts") ?? "null"));
    // Two wrong PINs are free, the third locks the next ones out: four sent together check three.
    await expect.poll(async () => (await attempts())?.failures, { timeout: 15_000 }).toBe(3);
    expect((await attempts()).lockedUntil).toBeGreaterThan(Date.now());
  });

  for (const [lang, locale] of [
    ["en", "en-CA"],
    ["fr", "fr-CA"],
  ] as const) {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["kiosk", KIOSK_SCREEN],
    ] as const) {
      it(`staff PIN for Settings in ${lang} on a ${size}: screenshot, large targets, no serious accessibility problem`, async () => {
        const page = await app.newPage({ locale, viewport });
        await turnOnKiosk(page);
        await page.goto("/settings");
        await page.locator("#staff-pin").waitFor();
        expect(await tryStaffPin(page, "0000")).toBe(
          lang === "en"
            ? "That PIN is not right. The staff settings stay hidden."
            : "Ce NIP n’est pas le bon. Les paramètres du personnel restent masqués.",
        );
        expect(await smallTargets(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `kiosk-settings-staff-${lang}-${size}`);
        await page.locator("#staff").screenshot({
          path: path.join(SCREENSHOT_DIR, `kiosk-settings-staff-${lang}-${size}-section.png`),
        });
      });
    }
  }
});
