// Issue #28: what a first visit's paint waits for on a phone. The home page's heading and content
// do not wait for the directory's coverage answer (it fills its note in when it comes), the
// wait-times page is drawn on a first visit without the device's database layer, and the
// service page's QR code is drawn by a worker, not on the page's thread while the page opens. A
// first visit to the wait times draws the list it fetched before anything is saved (the background
// sync's worker saves it afterwards, off the page's thread), a screenful of cards first.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { readStore } from "./helpers/idb";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true });
});
afterAll(async () => {
  await app?.close();
});

const hospitalsOf = async (province: string) =>
  ((await (await fetch(`${app.baseUrl}/api/hospitals?province=${province}`)).json()) as { data: unknown[] })
    .data;

/** Hospitals saved on the device; none while the database does not exist (reading it would create it). */
async function savedHospitals(page: Page): Promise<number> {
  const exists = await page.evaluate(async () =>
    (await indexedDB.databases()).some((db) => db.name === "community-health"),
  );
  return exists ? (await readStore(page, "hospitals")).length : 0;
}

describe("first paint", () => {
  it("shows the home page before the directory's coverage answer arrives, then adds the note", async () => {
    const page = await app.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route("**/api/v1/coverage", async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto("/");
    await expect.poll(() => asked).toBe(true);
    await page.getByRole("heading", { level: 1, name: "Find help and health information" }).waitFor();
    await page.getByRole("button", { name: "Exit this page" }).waitFor();
    expect(await page.getByTestId("coverage-note").count()).toBe(0);
    release();
    await page.getByTestId("coverage-note").waitFor();
    await page.context().close();
  });

  it("draws the wait-times page on a first visit without the device's database layer", async () => {
    const ontario = await hospitalsOf("ON");
    const page = await app.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The IndexedDB layer's chunk (Dexie) is held: a device with no database yet has no saved copy
    // to read, so the page's own chunks and the server's answer must be enough to draw it all.
    await page.route(/\/assets\/db-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/waits");
    await page.getByRole("heading", { level: 1, name: "Emergency wait times" }).waitFor();
    await page.locator("p.lead").waitFor();
    await expect.poll(() => page.locator(".hospital").count(), { timeout: 20_000 }).toBe(ontario.length);
    expect(await page.getByTestId("hospital-count").textContent()).toBe(`${ontario.length} hospitals`);
    release();
    await page.context().close();
  });

  it("draws the wait times fetched on a first visit before they are saved, then saves them in the sync worker", async () => {
    const ontario = await hospitalsOf("ON");
    const page = await app.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The sync worker's script is held: until it runs, nothing can save the registry but the page.
    let workerAsked = false;
    await page.route(/\/assets\/syncWorker-[\w-]+\.js$/, async (route) => {
      workerAsked = true;
      await held;
      await route.continue();
    });
    // How many cards the list held each time it changed: drawn a screenful first, then the rest. And
    // which databases the page's own thread opened.
    await page.addInitScript(() => {
      const opened: string[] = [];
      (window as unknown as { openedDatabases: string[] }).openedDatabases = opened;
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
        opened.push(name);
        return open.call(this, name, version);
      };
      const counts: number[] = [];
      (window as unknown as { cardCounts: number[] }).cardCounts = counts;
      new MutationObserver(() => {
        const n = document.querySelectorAll("li.hospital").length;
        if (n > 0 && counts.at(-1) !== n) counts.push(n);
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto("/waits");
    await expect.poll(() => page.locator(".hospital").count(), { timeout: 20_000 }).toBe(ontario.length);
    // The whole list is drawn and no longer busy.
    await page.locator("ul.hospitals:not([aria-busy])").waitFor();
    const counts = await page.evaluate(() => (window as unknown as { cardCounts: number[] }).cardCounts);
    expect(counts[0]).toBeLessThan(ontario.length);
    expect(counts.at(-1)).toBe(ontario.length);
    expect(await page.getByTestId("hospital-count").textContent()).toBe(`${ontario.length} hospitals`);
    expect(await savedHospitals(page)).toBe(0);
    await expect.poll(() => workerAsked, { timeout: 20_000 }).toBe(true);
    // The start-up work (outbox replay, then the sync) has begun: none of it opened the database on
    // the page's thread, where creating it costs long tasks; the worker creates it.
    expect(
      await page.evaluate(() => (window as unknown as { openedDatabases: string[] }).openedDatabases),
    ).toEqual([]);
    release();
    await expect.poll(() => savedHospitals(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(ontario.length);
    const saved = await readStore<{ scope: string; lastSuccessAt: string | null }>(page, "syncState");
    expect(saved.find((s) => s.scope === "waits")?.lastSuccessAt).toBeTruthy();
    await page.context().close();
  });

  it("draws a service's QR code in a worker", async () => {
    const page = await app.newPage();
    const services = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=1`)).json()).data as Array<{
      id: string;
    }>;
    await page.goto(`/services/${services[0].id}`);
    await page.locator(".takeaway [data-testid=service-qr] path").waitFor();
    expect(await page.locator(".takeaway [data-testid=service-qr] path").getAttribute("d")).toMatch(/^M\d/);
    const workers = page.workers().map((w) => w.url());
    expect(
      workers.some((url) => url.includes("qrWorker")),
      `workers: ${workers}`,
    ).toBe(true);
    await page.context().close();
  });
});
