import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(async () => {
  await app?.close();
});

describe("service worker and offline shell", () => {
  it("activates, controls the page and precaches the shell", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration("/");
      const cacheNames = await caches.keys();
      const precache = cacheNames.find((n) => n.includes("precache"));
      const urls = precache
        ? (await (await caches.open(precache)).keys()).map((r) => new URL(r.url).pathname)
        : [];
      return {
        script: reg?.active?.scriptURL,
        activeState: reg?.active?.state,
        controller: navigator.serviceWorker.controller?.scriptURL,
        urls,
      };
    });
    expect(state.script).toBe(`${app.baseUrl}/sw.js`);
    expect(state.activeState).toBe("activated");
    expect(state.controller).toBe(`${app.baseUrl}/sw.js`);
    expect(state.urls).toContain("/index.html");
    expect(state.urls).toContain("/manifest.webmanifest");
    expect(state.urls.some((u) => /^\/assets\/.+\.js$/.test(u))).toBe(true);
  });

  it("reloads the shell and opens unvisited pages with the network off", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Find help and health information");
    await expect.poll(() => page.locator(".offline-notice").isVisible()).toBe(true);
    // A deep link never opened before: navigation fallback + precached lazy chunk.
    await page.goto("/settings");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Settings");
    await page.context().setOffline(false);
    await expect.poll(() => page.locator(".offline-notice").count()).toBe(0);
  });

  it("serves API reads from cache when offline but leaves /metrics and health to the network", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    const online = await page.evaluate(async () => [
      (await fetch("/api/openapi.json")).status,
      (await fetch("/api/v1/auth/me")).status,
    ]);
    expect(online).toEqual([200, 401]);
    // The worker writes its cache after handing the response back (waitUntil), so wait for it.
    const cachedPaths = () =>
      page.evaluate(async () =>
        (await (await caches.open("api-reads")).keys()).map((r) => new URL(r.url).pathname),
      );
    await expect.poll(cachedPaths).toContain("/api/openapi.json");
    expect(await cachedPaths()).not.toContain("/api/v1/auth/me");
    await page.context().setOffline(true);
    const offline = await page.evaluate(async () => {
      const cached = await fetch("/api/openapi.json").then(
        async (r) => ({ status: r.status, openapi: (await r.json()).openapi }),
        () => null,
      );
      const health = await fetch("/api/health").then(
        (r) => r.status,
        () => "network-error",
      );
      return { cached, health };
    });
    expect(offline.cached).toEqual({ status: 200, openapi: "3.1.0" });
    expect(offline.health).toBe("network-error");
    await expect(page.goto("/metrics")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    await page.context().setOffline(false);
  });
});

describe("a device with no room left", () => {
  it("says on the settings page that the directory could not be saved for lack of room", async () => {
    const page = await app.newPage({ serviceWorker: false, locale: "en-CA" });
    // The browser's own quota, made small: writing the directory fails as on a full phone.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Storage.overrideQuotaForOrigin", { origin: app.baseUrl, quotaSize: 8 * 1024 });
    await page.goto("/settings");
    await page.getByRole("button", { name: "Update now" }).click();
    await expect
      .poll(() => page.getByTestId("sync-failure").textContent(), { timeout: 30_000 })
      .toContain("This device has no room left to save the directory.");
    expect(await page.getByTestId("sync-status").textContent()).toBe(
      "The directory has not been saved on this device yet.",
    );
  });
});
