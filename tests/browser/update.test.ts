import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { DESKTOP } from "./helpers/browser";
import { turnOnKiosk } from "./helpers/kiosk";

const SW_FILE = path.resolve(import.meta.dirname, "../..", process.env.WEB_DIST_DIR ?? "dist/web", "sw.js");
let app: BrowserApp;
let original: string | undefined;

beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(async () => {
  if (original !== undefined) writeFileSync(SW_FILE, original);
  await app?.close();
});

describe("update prompt", () => {
  it("offers a waiting version, and Reload activates it with SKIP_WAITING", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await expect.poll(() => page.locator(".update-prompt").count()).toBe(0);

    // Publish a "new version": the server reads dist/web from disk, so a changed byte suffices.
    original = readFileSync(SW_FILE, "utf8");
    writeFileSync(SW_FILE, `${original}\n// next release ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.update());

    const prompt = page.locator(".update-prompt");
    await prompt.waitFor({ state: "visible" });
    expect(await prompt.textContent()).toContain("A new version is ready.");
    const waitingBefore = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration("/"))?.waiting?.state,
    );
    expect(waitingBefore).toBe("installed");

    await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
    const after = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration("/");
      return { waiting: reg?.waiting ?? null, controlled: Boolean(navigator.serviceWorker.controller) };
    });
    expect(after).toEqual({ waiting: null, controlled: true });
    await expect.poll(() => page.locator(".update-prompt").count()).toBe(0);
  });

  it("offers a version published while the reader moves between pages, without a reload", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    // Counts the app's own requests for an update check (the browser's internal checks do not go
    // through this method), so the test sees that moving between pages asks.
    await page.addInitScript(() => {
      const w = window as unknown as { updateChecks: number };
      w.updateChecks = 0;
      const ask = ServiceWorkerRegistration.prototype.update;
      ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
        w.updateChecks++;
        return ask.call(this);
      };
    });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await expect.poll(() => page.locator(".update-prompt").count()).toBe(0);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    // Let the check every page load makes (register()) finish first: only the move below may find it.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.update());
    original ??= readFileSync(SW_FILE, "utf8");
    writeFileSync(SW_FILE, `${readFileSync(SW_FILE, "utf8")}\n// published while reading ${Date.now()}\n`);
    const checksBefore = await page.evaluate(
      () => (window as unknown as { updateChecks: number }).updateChecks,
    );
    // Moving to another page in the app (no reload, no call to update() from the test).
    await page.locator('a[href="/settings"]').first().click();
    await page.waitForURL(/\/settings$/);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { updateChecks: number }).updateChecks))
      .toBeGreaterThan(checksBefore);
    const prompt = page.locator(".update-prompt");
    await prompt.waitFor({ state: "visible", timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it("on a kiosk never asks the visitor: the waiting version takes over when the kiosk starts over", async () => {
    const page = await app.newPage();
    await turnOnKiosk(page);
    await waitForServiceWorkerControl(page);
    original ??= readFileSync(SW_FILE, "utf8");
    writeFileSync(SW_FILE, `${readFileSync(SW_FILE, "utf8")}\n// kiosk release ${Date.now()}\n`);
    const waitingState = () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.waiting?.state ?? null);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.update());
    await expect.poll(waitingState).toBe("installed");
    // The app has heard of it (the same event that shows the prompt elsewhere), and shows nothing.
    await page.waitForTimeout(500);
    expect(await page.locator(".update-prompt").count()).toBe(0);

    await page.evaluate(() => Object.assign(window, { visitMarker: true }));
    await page.locator(".exit-bar .start-over").click();
    await expect.poll(() => page.evaluate(() => "visitMarker" in window).catch(() => true)).toBe(false);
    await page.locator("#directory-q").waitFor();
    expect(await waitingState()).toBe(null);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    expect(await page.locator(".update-prompt").count()).toBe(0);
  });
});
