import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { readServices, readStore } from "./helpers/idb";
import { saveScreenshot } from "./helpers/screenshots";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

interface ApiResult {
  id: string;
  name: { en: string; fr: string };
}

async function serverTop(query: string, locale: "en" | "fr", filters?: object): Promise<ApiResult[]> {
  const res = await fetch(`${app.baseUrl}/api/v1/search/services`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, locale, limit: 20, ...(filters ? { filters } : {}) }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

const shownNames = async (page: Page) => {
  await page.locator("[data-testid=results-heading]").waitFor();
  return page.locator("ol.results > li h3").allTextContents();
};

describe("directory search", () => {
  it("shows the server's ranked results for a query, in English and in French", async () => {
    const en = await app.newPage({ locale: "en-CA" });
    await en.goto("/search?q=food%20bank");
    const expected = await serverTop("food bank", "en");
    expect(expected.length).toBeGreaterThan(2);
    expect((await shownNames(en)).slice(0, 5)).toEqual(expected.slice(0, 5).map((s) => s.name.en));
    expect(await en.locator("[data-testid=results-heading]").textContent()).toContain("“food bank”");

    const fr = await app.newPage({ locale: "fr-CA" });
    await fr.goto("/search?q=banque%20alimentaire");
    const expectedFr = await serverTop("banque alimentaire", "fr");
    expect((await shownNames(fr)).slice(0, 5)).toEqual(expectedFr.slice(0, 5).map((s) => s.name.fr));
  });

  it("applies the category filter from the form, as the server's search does", async () => {
    const page = await app.newPage();
    await page.goto("/search?q=help");
    await page.getByLabel("Category").selectOption("housing");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL("**/search?q=help&category=housing");
    const expected = await serverTop("help", "en", { category: "housing" });
    await expect
      .poll(async () => (await shownNames(page)).slice(0, 5))
      .toEqual(expected.slice(0, 5).map((s) => s.name.en));
    const unfiltered = await serverTop("help", "en");
    expect(expected.map((s) => s.id)).not.toEqual(unfiltered.map((s) => s.id)); // the filter mattered
    expect(await page.getByLabel("Category").inputValue()).toBe("housing");
  });

  it("shows a service's page with its contacts and hours, and says when it does not exist", async () => {
    const [first] = await serverTop("food bank", "en");
    const res = await fetch(`${app.baseUrl}/api/v1/services/${first.id}`);
    const service = (await res.json()).data as ApiResult & {
      phones: Array<{ number: string }>;
      schedule: unknown;
    };
    const page = await app.newPage();
    await page.goto(`/services/${first.id}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(service.name.en);
    const tel = await page.locator('a[href^="tel:"]').allTextContents();
    expect(tel).toEqual(service.phones.map((p) => p.number));
    expect(await page.locator("table.hours").count()).toBe(service.schedule ? 1 : 0);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "service-phone");

    await page.goto("/services/no-such-service");
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("no service at this address");
  });

  it("ranks by distance from the reader's position when 'Near my location' is ticked", async () => {
    const kingston = { lat: 44.2312, lng: -76.486 };
    const res = await fetch(`${app.baseUrl}/api/v1/search/services`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "food", locale: "en", limit: 20, location: kingston }),
    });
    const expected = (await res.json()).data as Array<ApiResult & { distanceKm: number | null }>;
    const page = await app.newPage({ geolocation: { latitude: kingston.lat, longitude: kingston.lng } });
    await page.goto("/search?q=food");
    await page.getByLabel("Near my location").check();
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL("**/search?q=food&near=1");
    await expect
      .poll(async () => (await shownNames(page)).slice(0, 5))
      .toEqual(expected.slice(0, 5).map((s) => s.name.en));
    const firstWithDistance = expected.find((s) => s.distanceKm !== null)!;
    const card = page.locator("ol.results > li", {
      has: page.locator("h3", { hasText: firstWithDistance.name.en }),
    });
    expect(await card.first().locator("[data-testid=distance]").textContent()).toBe(
      `${firstWithDistance.distanceKm!.toLocaleString("en", { maximumFractionDigits: 1 })} km away`,
    );
    expect(page.url()).not.toContain("44.23"); // the position never goes into the address
  });

  it("opens a result tapped just after typing, and the search's address catching up does not take the page back", async () => {
    const page = await app.newPage();
    await page.goto("/search?q=food");
    const heading = page.getByTestId("results-heading");
    await expect.poll(() => heading.textContent()).toContain("“food”");
    await page.locator("#directory-q").press("End");
    await page.locator("#directory-q").pressSequentially(" bank", { delay: 30 });
    await expect.poll(() => heading.textContent()).toContain("“food bank”");
    // The tap comes before the address follows the box (0.6 s after the last key), and the service
    // page takes longer than that to arrive, as on a slow connection.
    await page.route("**/*", async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.fallback();
    });
    const first = page.locator("ol.results > li h3 a").first();
    const name = await first.textContent();
    await first.click();
    await page.waitForURL(/\/services\//);
    await expect.poll(() => page.locator("h1").textContent(), { timeout: 15_000 }).toBe(name);
    await page.unroute("**/*");
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toMatch(/^\/services\//);
    await page.goBack(); // the search, at the words typed
    await expect.poll(() => heading.textContent()).toContain("“food bank”");
  });

  it("submitting the Home search box goes to /search?q=", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search the services directory" }).fill("shelter");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL("**/search?q=shelter");
    expect((await shownNames(page)).length).toBeGreaterThan(0);
  });

  it("syncs the directory to the device and gives the same top results offline", async () => {
    const page = await app.newPage({ serviceWorker: true });
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    const total = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=1`)).json()).meta.total;
    await expect.poll(async () => (await readServices(page)).length, { timeout: 30_000 }).toBe(total);
    const sync = await readStore<{ scope: string; cursor: string | null; lastError: string | null }>(
      page,
      "syncState",
    );
    const directory = sync.find((s) => s.scope === "directory");
    expect(directory).toMatchObject({ lastError: null, cursor: expect.any(String) });
    // The ranking's index is kept beside the services, built at the same sync.
    const [index] = await readStore<{ cursor: string; index: { ids: string[] } }>(page, "searchIndex");
    expect(index.cursor).toBe(directory?.cursor);
    expect(index.index.ids).toHaveLength(total);

    const online = await serverTop("food", "en");
    await page.context().setOffline(true);
    await page.goto("/search?q=food");
    await page.locator("[data-testid=from-device]").waitFor();
    expect((await shownNames(page)).slice(0, 3)).toEqual(online.slice(0, 3).map((s) => s.name.en));

    // A result's own page opens offline too, from the device's copy.
    await page.getByRole("link", { name: online[0].name.en, exact: true }).first().click();
    await page.waitForURL(`**/services/${online[0].id}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(online[0].name.en);
    await page.context().setOffline(false);
  });

  it("Settings reports the saved directory and updates it on request", async () => {
    const page = await app.newPage();
    await page.goto("/settings");
    const total = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=1`)).json()).meta.total;
    await expect.poll(async () => (await readServices(page)).length, { timeout: 30_000 }).toBe(total);
    await page.reload();
    await expect
      .poll(() => page.locator("[data-testid=sync-status]").textContent())
      .toMatch(/^Last updated /);
    const counts = page.locator("[data-testid=saved-counts]");
    expect(await counts.textContent()).toContain(`Directory services${total.toLocaleString("en")}`);
    const before = (await readStore<{ scope: string; lastSuccessAt: string }>(page, "syncState")).find(
      (s) => s.scope === "directory",
    )!.lastSuccessAt;
    await page.getByRole("button", { name: "Update now" }).click();
    await expect
      .poll(
        async () =>
          (await readStore<{ scope: string; lastSuccessAt: string }>(page, "syncState")).find(
            (s) => s.scope === "directory",
          )!.lastSuccessAt,
      )
      .not.toBe(before);
  });

  it("Settings can remove everything saved on the device, after confirmation", async () => {
    const page = await app.newPage({ serviceWorker: true }); // its answers cache is the worker's
    await page.goto("/settings");
    await expect.poll(async () => (await readServices(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.evaluate(() => fetch("/api/openapi.json")); // something in the answers cache
    await page.getByRole("button", { name: "Remove saved information" }).click();
    await page.getByRole("button", { name: "Keep it" }).click();
    expect((await readServices(page)).length).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Remove saved information" }).click();
    await page.getByRole("button", { name: "Yes, remove it" }).click();
    await page.getByText("Saved information removed.").waitFor();
    expect(await readServices(page)).toEqual([]);
    expect(await page.evaluate(() => caches.has("api-reads"))).toBe(false);
    expect(await page.locator("[data-testid=saved-counts]").textContent()).toContain("Directory services0");
    expect(await page.locator("[data-testid=sync-status]").textContent()).toContain("not been saved");
  });
});
