import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { pngSize } from "./helpers/png";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(async () => {
  await app?.close();
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe("web app manifest", () => {
  it("is linked from the shell and has the fields an installable app needs", async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const res = await fetch(`${app.baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ start_url: "/", scope: "/", display: "standalone" });
    expect(manifest.name.length).toBeGreaterThan(3);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const purposes = (manifest.icons as ManifestIcon[]).map((i) => `${i.sizes}:${i.purpose ?? "any"}`);
    expect(purposes).toEqual(expect.arrayContaining(["192x192:any", "512x512:any", "512x512:maskable"]));
  });

  it("lists icons that are fetchable PNGs of the declared size", async () => {
    const manifest = await (await fetch(`${app.baseUrl}/manifest.webmanifest`)).json();
    for (const icon of manifest.icons as ManifestIcon[]) {
      const res = await fetch(new URL(icon.src, app.baseUrl));
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get("content-type"), icon.src).toContain("image/png");
      const { width, height } = pngSize(new Uint8Array(await res.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it("is parsed by Chromium without errors and the app is installable", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    const cdp = await page.context().newCDPSession(page);
    const parsed = await cdp.send("Page.getAppManifest");
    expect(parsed.url).toBe(`${app.baseUrl}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // Test contexts are incognito-like, which Chromium reports on its own; anything else is ours.
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
  });
});
