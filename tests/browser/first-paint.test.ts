// Issue #28: what a first visit's paint waits for on a phone. The home page's heading and content
// do not wait for the directory's coverage answer (it fills its note in when it comes), the
// wait-times page is drawn on a first visit without the device's database layer, and the
// service page's QR code is drawn by a worker, not on the page's thread while the page opens. A
// first visit to the wait times draws the list it fetched before anything is saved (the background
// sync's worker saves it afterwards, off the page's thread), a screenful of cards first. A first
// visit to the search or the wait times never loads the database layer (Dexie) on the page's
// thread, the search page draws its box and coverage note without the result cards' chunk, and the
// wait times' registry is asked of the server once (the page hands its copy to the sync worker).
// On a phone, hospital cards off the screen are neither laid out nor painted until scrolled near.
// A first search writes its counts without building ICU's number format, and a first visit to a
// service opens no database (there is none yet) before asking the server.
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

/** The addresses the page's own thread loaded (its workers have resource timelines of their own). */
const pageResources = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname + new URL(e.name).search),
  );

/** Resolves once the background sync's worker has saved both the directory and the registry. */
async function syncFinished(page: Page): Promise<void> {
  const synced = async () => {
    const exists = await page.evaluate(async () =>
      (await indexedDB.databases()).some((db) => db.name === "community-health"),
    );
    if (!exists) return 0;
    const rows = await readStore<{ scope: string; lastSuccessAt: string | null }>(page, "syncState");
    return rows.filter((r) => (r.scope === "directory" || r.scope === "waits") && r.lastSuccessAt).length;
  };
  await expect.poll(synced, { timeout: 30_000 }).toBe(2);
}

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
    // The introduction is drawn (folded under "about these figures" on a phone).
    await page.getByTestId("waits-intro").waitFor({ state: "attached" });
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

  it("loads neither the database layer nor ICU's language names on a first visit to the search, through the sync", async () => {
    const page = await app.newPage();
    // Counts what building ICU's language names costs on the page: none of the first screen names a language.
    await page.addInitScript(() => {
      const made = { count: 0 };
      (window as unknown as { displayNamesMade: typeof made }).displayNamesMade = made;
      const Original = Intl.DisplayNames;
      (Intl as { DisplayNames: typeof Original }).DisplayNames = class extends Original {
        constructor(...args: ConstructorParameters<typeof Original>) {
          super(...args);
          made.count++;
        }
      };
    });
    await page.goto("/search?q=food");
    await page.locator("ol.results > li").first().waitFor();
    await page.getByTestId("coverage-note").waitFor();
    await syncFinished(page);
    const loaded = await pageResources(page);
    expect(loaded.filter((p) => p.startsWith("/assets/")).length).toBeGreaterThan(3);
    expect(loaded.filter((p) => /^\/assets\/db-[\w-]+\.js$/.test(p))).toEqual([]);
    expect(
      await page.evaluate(
        () => (window as unknown as { displayNamesMade: { count: number } }).displayNamesMade.count,
      ),
    ).toBe(0);
    await page.context().close();
  });

  it("writes a first search's counts without building a number format (ICU's number data costs a long task)", async () => {
    const page = await app.newPage();
    await page.addInitScript(() => {
      const made = { count: 0 };
      (window as unknown as { numberFormatsMade: typeof made }).numberFormatsMade = made;
      const Original = Intl.NumberFormat;
      // Number#toLocaleString builds one inside the engine, out of the constructor's sight.
      const toLocale = Number.prototype.toLocaleString;
      Number.prototype.toLocaleString = function (this: number, ...args: Parameters<typeof toLocale>) {
        made.count++;
        return toLocale.apply(this, args);
      };
      (Intl as { NumberFormat: unknown }).NumberFormat = function (
        this: unknown,
        ...args: ConstructorParameters<typeof Original>
      ) {
        made.count++;
        return new Original(...args);
      };
    });
    await page.goto("/search?q=food");
    await page.locator("ol.results > li").first().waitFor();
    await page.getByTestId("coverage-note").waitFor();
    // The count is written ("12 results for “food”"): the formatting did run.
    expect(await page.getByTestId("results-heading").innerText()).toMatch(/^\d+ results? for/);
    expect(
      await page.evaluate(
        () => (window as unknown as { numberFormatsMade: { count: number } }).numberFormatsMade.count,
      ),
    ).toBe(0);
    await page.context().close();
  });

  it("opens a service on a first visit without the database layer, and from the saved copy once synced", async () => {
    const [first, second] = (
      (await (await fetch(`${app.baseUrl}/api/v1/services?limit=2`)).json()) as {
        data: { id: string; name: { en: string } }[];
      }
    ).data;
    // Without a service worker, so the page's own requests can be held below.
    const page = await app.newPage({ serviceWorker: false });
    await page.goto(`/services/${encodeURIComponent(first.id)}`);
    await page.getByRole("heading", { level: 1, name: first.name.en }).waitFor();
    expect((await pageResources(page)).filter((p) => /^\/assets\/db-[\w-]+\.js$/.test(p))).toEqual([]);
    await syncFinished(page);
    // Saved on the device now: the next service is drawn from there at once, while the server's
    // answer (asked for in case it changed since the sync) is still on its way.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    await page.route(/\/api\/v1\/services\/[^/?]+$/, async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await page.goto(`/services/${encodeURIComponent(second.id)}`);
    await page.getByRole("heading", { level: 1, name: second.name.en }).waitFor();
    expect(asked).toEqual([`/api/v1/services/${encodeURIComponent(second.id)}`]);
    release();
    expect((await pageResources(page)).filter((p) => /^\/assets\/db-[\w-]+\.js$/.test(p)).length).toBe(1);
    await page.context().close();
  });

  it("draws the search box and the coverage note before the result cards' chunk arrives", async () => {
    const page = await app.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/ServiceResult-[\w-]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto("/search?q=food");
    await page.getByRole("heading", { level: 1, name: "Directory" }).waitFor();
    await page.getByRole("searchbox").first().waitFor();
    await page.getByTestId("coverage-note").waitFor();
    await expect.poll(() => asked).toBe(true);
    expect(await page.locator("ol.results > li").count()).toBe(0);
    release();
    await page.locator("ol.results > li").first().waitFor();
    expect(await page.locator("ol.results > li a[href^='tel:']").count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("asks the server for the registry once on a first visit to the wait times: the sync worker saves the page's copy", async () => {
    const ontario = await hospitalsOf("ON");
    const page = await app.newPage();
    await page.goto("/waits");
    await expect.poll(() => page.locator(".hospital").count(), { timeout: 20_000 }).toBe(ontario.length);
    await syncFinished(page);
    expect(await savedHospitals(page)).toBeGreaterThanOrEqual(ontario.length);
    const registry = (p: string) => p.startsWith("/api/hospitals?include=latest");
    const byPage = (await pageResources(page)).filter(registry);
    const worker = page.workers().find((w) => w.url().includes("syncWorker"));
    expect(worker, `workers: ${page.workers().map((w) => w.url())}`).toBeDefined();
    const byWorker = (
      await worker!.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((e) => new URL(e.name).pathname + new URL(e.name).search),
      )
    ).filter(registry);
    // The worker did fetch something (the directory's pages): its timeline is not simply empty.
    expect(await worker!.evaluate(() => performance.getEntriesByType("resource").length)).toBeGreaterThan(0);
    expect({ byPage: byPage.length, byWorker: byWorker.length }).toEqual({ byPage: 1, byWorker: 0 });
    expect((await pageResources(page)).filter((p) => /^\/assets\/db-[\w-]+\.js$/.test(p))).toEqual([]);
    await page.context().close();
  });

  it("asks for the directory's coverage while the search page's chunk is still loading", async () => {
    const page = await app.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let chunkAsked = false;
    await page.route(/\/assets\/Search-[\w-]+\.js$/, async (route) => {
      chunkAsked = true;
      await held;
      await route.continue();
    });
    const coverageAsked = page.waitForRequest("**/api/v1/coverage");
    await page.goto("/search?q=food");
    await expect.poll(() => chunkAsked).toBe(true);
    // The note's answer is on its way before the page that shows it has arrived.
    await coverageAsked;
    release();
    await page.getByTestId("coverage-note").waitFor();
    await page.context().close();
  });

  it("saves the registry all the same when the page's own request for it is not answered", async () => {
    const ontario = await hospitalsOf("ON");
    const page = await app.newPage();
    // The first request for the registry (the page's) is held until the test ends; later ones pass.
    let held = 0;
    let release: () => void = () => undefined;
    const never = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/hospitals?include=latest", async (route) => {
      if (held++ === 0) await never;
      await route.continue().catch(() => undefined);
    });
    await page.goto("/waits");
    await page.getByRole("heading", { level: 1, name: "Emergency wait times" }).waitFor();
    // The sync waits a while for the page's copy, then fetches the registry itself and saves it.
    await expect.poll(() => savedHospitals(page), { timeout: 40_000 }).toBeGreaterThanOrEqual(ontario.length);
    release();
    await page.context().close();
  }, 60_000);

  it("lays out and paints only the hospital cards near a phone's screen, without shifting the page", async () => {
    const ontario = await hospitalsOf("ON");
    const page = await app.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!e.hadRecentInput) shifts.push(e.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/waits");
    await expect.poll(() => page.locator(".hospital").count(), { timeout: 20_000 }).toBe(ontario.length);
    await page.locator("ul.hospitals:not([aria-busy])").waitFor();
    // A card's content rendered (not skipped by content-visibility), as the browser itself reports it.
    const rendered = (i: number) =>
      page
        .locator("li.hospital")
        .nth(i)
        .locator("h3")
        .evaluate((h3) => h3.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered(0)).toBe(true);
    expect(await rendered(ontario.length - 1)).toBe(false);
    // Still in the page for find-in-page and screen readers, and drawn once scrolled to.
    expect(
      await page
        .locator("li.hospital")
        .nth(ontario.length - 1)
        .locator("h3 a")
        .textContent(),
    ).toBeTruthy();
    await page
      .locator("li.hospital")
      .nth(ontario.length - 1)
      .scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(ontario.length - 1)).toBe(true);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
    await page.context().close();
  });

  it("lists a first visit's fetched wait times with one collator, never as a saved copy", async () => {
    const ontario = await hospitalsOf("ON");
    const page = await app.newPage();
    await page.addInitScript(() => {
      const seen = { collators: 0, countLines: [] as string[] };
      (window as unknown as { seen: typeof seen }).seen = seen;
      const Original = Intl.Collator;
      (Intl as { Collator: typeof Original }).Collator = class extends Original {
        constructor(...args: ConstructorParameters<typeof Original>) {
          super(...args);
          seen.collators++;
        }
      } as typeof Original;
      // Every text the hospital count line had, as the page drew it.
      new MutationObserver(() => {
        const line = document.querySelector("[data-testid=hospital-count]")?.textContent;
        if (line && seen.countLines.at(-1) !== line) seen.countLines.push(line);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("/waits");
    await expect.poll(() => page.locator(".hospital").count(), { timeout: 20_000 }).toBe(ontario.length);
    await page.locator("ul.hospitals:not([aria-busy])").waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { seen: { collators: number; countLines: string[] } }).seen,
    );
    expect(seen.countLines).toEqual([`${ontario.length} hospitals`]);
    expect(seen.collators).toBe(1);
    await page.context().close();
  });
});
