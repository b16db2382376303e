import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { addRows, readStore, waitForStore } from "./helpers/idb";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(async () => {
  await app?.close();
});

interface Row {
  seq?: number;
  url: string;
  body: { query: string };
  attempts: number;
  lastError: string | null;
  rejectedAt: string | null;
}
const write = (query: string) => ({
  createdAt: new Date().toISOString(),
  method: "POST",
  url: "/api/v1/search/services",
  body: { query },
  attempts: 0,
  lastError: null,
  rejectedAt: null,
});

describe("outbox of offline writes", () => {
  it("replays queued writes when the connection returns, keeping the ones the server refuses", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await waitForStore(page, "outbox");

    await page.context().setOffline(true);
    await addRows(page, "outbox", [write("food"), write(""), write("shelter")]);
    expect((await readStore<Row>(page, "outbox")).length).toBe(3);

    await page.context().setOffline(false); // fires "online": the app replays the outbox
    await expect.poll(async () => (await readStore<Row>(page, "outbox")).length).toBe(1);
    const [kept] = await readStore<Row>(page, "outbox");
    expect(kept.body.query).toBe("");
    expect(kept.rejectedAt).toEqual(expect.any(String));
    expect(kept.lastError).toMatch(/^400: .*query/);
    expect(kept.attempts).toBe(1);
  });

  it("replays at start-up what was queued before the app last closed", async () => {
    const page = await app.newPage();
    await page.goto("/");
    await waitForServiceWorkerControl(page);
    await waitForStore(page, "outbox");
    await page.context().setOffline(true);
    await addRows(page, "outbox", [write("clinic")]);
    await page.reload(); // offline start-up: nothing can be sent, nothing is dropped
    await page.locator("h1").waitFor();
    expect((await readStore<Row>(page, "outbox")).map((r) => r.body.query)).toEqual(["clinic"]);

    // Close the app while offline, reconnect, open it again: only the start-up replay can send.
    const context = page.context();
    await page.close();
    await context.setOffline(false);
    const next = await context.newPage();
    await next.goto("/");
    await expect.poll(async () => (await readStore<Row>(next, "outbox")).length).toBe(0);
  });
});
