// Replay never reaches the live web through a captured page's scripts, in real Chromium. Captured
// pages that, after a delay, set location.href, call location.assign, open a window, or click a
// link they made, are replayed in a tab of their own (as "Open the captured page" and every search
// result open them) and framed by the app's compare page. Every request of the browser context is
// routed and recorded: none may go anywhere but the app and the replay listener.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSite } from "../../server/archive/crawl/demo-site/server";
import { captureSite } from "../helpers/archive/captured-site";
import { scratchDir } from "../helpers/scratch-dir";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { getJson } from "./helpers/archive-demo";
import { DESKTOP } from "./helpers/browser";

/** The live site the captured scripts reach for: TEST-NET-2, never routed anywhere here. */
const LIVE = "http://198.51.100.7";
const HTML = "text/html; charset=utf-8";

/** What each captured page's script does, 300 ms after it loads. */
const LEAKS = {
  "timer-href": `location.href = ${JSON.stringify(`${LIVE}/js-nav`)};`,
  assign: `location.assign(${JSON.stringify(`${LIVE}/assign`)});`,
  "window-open": `window.open(${JSON.stringify(`${LIVE}/popup`)}, "_blank");`,
  "script-link": `var a = document.createElement("a"); a.href = ${JSON.stringify(`${LIVE}/link`)}; document.body.appendChild(a); a.click();`,
} as const;
type Leak = keyof typeof LEAKS;
const NAMES = Object.keys(LEAKS) as Leak[];

const page = (name: string, version: number) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Clinic ${name}</title></head>
<body><main><h1>Clinic ${name}</h1><p>Opening hours, version ${version}.</p>
<script>setTimeout(function () { ${LEAKS[name as Leak]} }, 300);</script></main></body></html>`;

const site = (version: number) =>
  new Map([
    [
      "/leak/",
      {
        type: HTML,
        body: `<!doctype html><title>Clinics</title><h1>Clinics ${version}</h1>${NAMES.map((n) => `<a href="${n}.html">${n}</a>`).join(" ")}`,
      },
    ],
    ...NAMES.map((n) => [`/leak/${n}.html`, { type: HTML, body: page(n, version) }] as const),
  ]);

let app: BrowserApp;
let replay: string;
let origin: string;
/** Each page's two captures, earlier first. */
const captures = new Map<Leak, { id: number; replayUrl: string }[]>();

beforeAll(async () => {
  const dataDir = scratchDir("chc-replay-leak-");
  const served = await serveSite(site(1));
  origin = served.url;
  try {
    await captureSite(dataDir, `${origin}/leak/`);
    served.setFiles(site(2));
    await captureSite(dataDir, `${origin}/leak/`);
  } finally {
    await served.close();
  }
  app = await startBrowserApp({ dataDir, serviceWorker: false });
  for (const name of NAMES) {
    const url = `${origin}/leak/${name}.html`;
    const found = await getJson<{ results: { id: number; originalUrl: string; replayUrl: string | null }[] }>(
      app,
      `/api/search?q=${encodeURIComponent(url)}&view=snapshots`,
    );
    const mine = (found.results ?? []).filter((r) => r.originalUrl === url).sort((a, b) => a.id - b.id);
    expect(mine, `${name}: two captures in ${JSON.stringify(found)}`).toHaveLength(2);
    captures.set(
      name,
      mine.map((r) => ({ id: r.id, replayUrl: r.replayUrl as string })),
    );
  }
  replay = new URL(captures.get(NAMES[0])?.[0].replayUrl as string).origin;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** A context whose every request is recorded; any but the app's and the replay's is refused. */
async function recordingContext(): Promise<{ context: BrowserContext; elsewhere: string[] }> {
  const context = await app.newContext({ viewport: DESKTOP });
  const elsewhere: string[] = [];
  const ours = new Set([new URL(app.baseUrl).origin, replay]);
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (/^(data|blob|about):/.test(url) || ours.has(new URL(url).origin)) return route.continue();
    elsewhere.push(url);
    return route.abort("blockedbyclient");
  });
  return { context, elsewhere };
}

/** Long enough for each page's 300 ms timer and whatever it starts. */
const settle = (page: Page) => page.waitForTimeout(1500);

describe.each(NAMES)("a captured page whose script leaves (%s)", (name) => {
  it("stays in the archive when opened in a tab of its own", async () => {
    const { context, elsewhere } = await recordingContext();
    const tab = await context.newPage();
    const popups: string[] = [];
    context.on("page", (p) => popups.push(p.url()));
    const url = captures.get(name)?.[1].replayUrl as string;
    await tab.goto(url);
    expect(await tab.locator("h1").textContent()).toBe(`Clinic ${name}`);
    await settle(tab);
    expect(elsewhere).toEqual([]);
    expect(tab.url()).toBe(url);
    expect(popups).toEqual([]);
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });

  it("stays in the archive when framed by the compare page", async () => {
    const { context, elsewhere } = await recordingContext();
    const tab = await context.newPage();
    const [before, after] = captures.get(name) ?? [];
    await tab.goto(`${app.baseUrl}/archive/compare?from=${before.id}&to=${after.id}`);
    const later = tab.frameLocator("[data-testid=frame-later] iframe");
    await expect.poll(() => later.locator("h1").textContent(), { timeout: 15_000 }).toBe(`Clinic ${name}`);
    await settle(tab);
    expect(elsewhere).toEqual([]);
    for (const frame of tab.frames().slice(1)) expect(new URL(frame.url()).origin).toBe(replay);
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });
});
