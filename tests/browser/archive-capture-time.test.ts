// A capture's time on the archive's pages names its zone and agrees with the replay banner: read
// by a browser far from UTC (Kiritimati, UTC+14, where the date is another day most of the time),
// the snapshot page's "Captured on", its facts, its timeline and the compare page write the capture
// in UTC and say so, in English and French; "Captured on" reads as the banner's time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSite } from "../../server/archive/crawl/demo-site/server";
import { captureSite } from "../helpers/archive/captured-site";
import { scratchDir } from "../helpers/scratch-dir";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { getJson } from "./helpers/archive-demo";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP } from "./helpers/browser";

const HTML = "text/html; charset=utf-8";
const site = (version: number) =>
  new Map([
    [
      "/when/",
      { type: HTML, body: `<!doctype html><title>Clinic</title><h1>Clinic</h1><p>Hours ${version}.</p>` },
    ],
  ]);

interface Capture {
  id: number;
  captureTimestamp: string;
  replayUrl: string;
}
let app: BrowserApp;
let captures: Capture[] = [];

beforeAll(async () => {
  const dataDir = scratchDir("chc-capture-time-");
  const served = await serveSite(site(1));
  try {
    await captureSite(dataDir, `${served.url}/when/`);
    served.setFiles(site(2));
    await captureSite(dataDir, `${served.url}/when/`);
  } finally {
    await served.close();
  }
  app = await startBrowserApp({ dataDir, serviceWorker: false });
  const url = `${served.url}/when/`;
  const found = await getJson<{ results: { id: number; originalUrl: string }[] }>(
    app,
    `/api/search?q=${encodeURIComponent(url)}&view=snapshots`,
  );
  const ids = (found.results ?? [])
    .filter((r) => r.originalUrl === url)
    .map((r) => r.id)
    .sort((a, b) => a - b);
  expect(ids).toHaveLength(2);
  captures = await Promise.all(ids.map((id) => getJson<Capture>(app, `/api/snapshot/${id}`)));
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** The moment as this test expects it written (the app writes English as "en"): UTC, named. */
const utc = (locale: string, iso: string, opts: { month: "long" | "short"; seconds: boolean }) =>
  new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: opts.month,
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    ...(opts.seconds ? { second: "2-digit" as const } : {}),
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));

describe.each([
  {
    lang: "en",
    locale: "en-CA",
    written: "en",
    capturedOn: "Captured on ",
    captureTime: "Capture time",
    banner: 0,
  },
  {
    lang: "fr",
    locale: "fr-CA",
    written: "fr-CA",
    capturedOn: "Capturée le ",
    captureTime: "Heure de capture",
    banner: 1,
  },
])("capture times ($lang)", ({ locale, written, capturedOn, captureTime, banner }) => {
  it("name their zone and match the replay banner, on the snapshot and compare pages", async () => {
    const context = await app.newContext({ viewport: DESKTOP, locale, timezoneId: "Pacific/Kiritimati" });
    const page = await context.newPage();
    const [before, after] = captures;

    // The banner's own words for the capture, in this language.
    await page.goto(after.replayUrl);
    const bannerTime = (await page.locator("#chc-replay-banner time").nth(banner).textContent()) ?? "";
    expect(bannerTime).toMatch(/ UTC$/);

    await page.goto(`${app.baseUrl}/archive/snapshots/${after.id}`);
    const lead = page.locator(".archive-snapshot .lead");
    await lead.waitFor();
    // Word for word but for how English writes the half of the day: the app's "AM", Canada's "a.m.".
    const halfDay = (text: string) => text.replace(/a\.m\./g, "AM").replace(/p\.m\./g, "PM");
    expect(halfDay((await lead.textContent()) ?? "")).toBe(halfDay(`${capturedOn}${bannerTime}`));
    const fact = page.locator(".archive-facts div", { has: page.locator(`dt:text-is("${captureTime}")`) });
    expect(await fact.locator("dd").textContent()).toBe(
      utc(written, after.captureTimestamp, { month: "long", seconds: true }),
    );
    const timeline = (await page.locator("[data-testid=capture-timeline]").textContent()) ?? "";
    for (const c of captures)
      expect(timeline).toContain(utc(written, c.captureTimestamp, { month: "short", seconds: true }));
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${app.baseUrl}/archive/compare?from=${before.id}&to=${after.id}`);
    const later = page.locator("[data-testid=frame-later] figcaption");
    await later.waitFor();
    expect(await later.textContent()).toContain(
      utc(written, after.captureTimestamp, { month: "short", seconds: false }),
    );
    expect(await page.locator("[data-testid=frame-earlier] figcaption").textContent()).toContain(
      utc(written, before.captureTimestamp, { month: "short", seconds: false }),
    );
    const main = (await page.locator("main").textContent()) ?? "";
    for (const c of captures)
      expect(main).toContain(utc(written, c.captureTimestamp, { month: "short", seconds: true }));
    await context.close();
  });
});
