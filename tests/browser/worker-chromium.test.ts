// The browser test files a worker runs one after another share one Chromium
// (tests/browser/helpers/browser.ts): here two apps in a row stand for two files. The second file
// gets the same Chromium, but nothing of the first: its contexts are closed, even one it opened on
// the browser itself, and on the same origin the second finds none of its storage or cookies. A page
// a test opens is closed when that test ends.
import net from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";

const apps: BrowserApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** What a page can see of an earlier visit to its origin. */
const leftovers = (page: Page) =>
  page.evaluate(() => ({ localStorage: Object.keys(localStorage), cookie: document.cookie }));

it("hands the next file the same Chromium with nothing of the last file left in it", async () => {
  const port = String(await freePort());
  const first = await startBrowserApp({ env: { PORT: port } });
  apps.push(first);
  const page = await first.newPage();
  await page.goto("/");
  await waitForServiceWorkerControl(page);
  await page.evaluate(() => localStorage.setItem("last-visit", "a search for help"));
  await page.context().addCookies([{ name: "last-visit", value: "1", url: first.baseUrl }]);
  const own = await first.browser.newContext(); // opened on the browser itself, not through newPage
  await own.newPage();
  expect(await leftovers(page)).toEqual({
    localStorage: expect.arrayContaining(["last-visit"]),
    cookie: "last-visit=1",
  });
  await first.close();
  apps.pop();

  expect(first.browser.isConnected()).toBe(true);
  expect(first.browser.contexts()).toEqual([]);

  const second = await startBrowserApp({ env: { PORT: port }, serviceWorker: false });
  apps.push(second);
  expect(second.browser).toBe(first.browser);
  expect(second.baseUrl).toBe(first.baseUrl);
  const next = await second.newPage();
  await next.goto("/");
  await next.locator("#main").waitFor();
  expect((await leftovers(next)).localStorage).not.toContain("last-visit");
  expect(await next.context().cookies()).toEqual([]);
});

it("launches Chromium again when the worker's went away", async () => {
  const app = await startBrowserApp();
  apps.push(app);
  await app.browser.close();
  await app.close();
  apps.pop();
  const again = await startBrowserApp({ serviceWorker: false });
  apps.push(again);
  expect(again.browser).not.toBe(app.browser);
  expect(again.browser.isConnected()).toBe(true);
  const page = await again.newPage();
  await page.goto("/");
  await page.locator("#main").waitFor();
});

describe("a page a test opens", () => {
  let app: BrowserApp;
  let openedBeforeTheTests: Page;
  let openedByTheTest: Page;
  beforeAll(async () => {
    app = await startBrowserApp({ serviceWorker: false });
    apps.push(app);
    openedBeforeTheTests = await app.newPage();
  });

  it("stays open while that test runs", async () => {
    openedByTheTest = await app.newPage();
    await openedByTheTest.goto("/");
    await openedByTheTest.locator("#main").waitFor();
    expect(openedByTheTest.isClosed()).toBe(false);
  });

  it("is closed when that test ends, with its context; one opened before the tests stays open", () => {
    expect(openedByTheTest.isClosed()).toBe(true);
    expect(app.browser.contexts()).not.toContain(openedByTheTest.context());
    expect(openedBeforeTheTests.isClosed()).toBe(false);
  });
});
