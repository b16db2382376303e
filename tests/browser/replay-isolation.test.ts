// Replay isolation in real Chromium: a captured page whose script reads document.cookie and tries
// to plant the directory's session cookie is replayed on the same host as the app (cookies ignore
// ports). The script never runs (replay runs no archived script, replay-live-leak.test.ts), and a
// partner who signed in keeps exactly the cookies they had.
// The replay's own pages are axe-clean.
import { rmSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSite } from "../../server/archive/crawl/demo-site/server";
import { SESSION_COOKIE } from "../../server/directory/accounts/sessions";
import { fetchHealthDetails } from "../helpers/admin-token";
import { captureSite } from "../helpers/archive/captured-site";
import { ACCOUNTS, prepareDirectoryData } from "../helpers/directory/accounts";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP } from "./helpers/browser";
import { signInThroughPage } from "./helpers/sign-in";

const SLOW = { timeout: 15_000 };
const PROBE = { name: "app_probe", value: "readable-by-the-app-s-own-scripts" };

/** A captured page that does what a hostile or careless archived script could do with cookies. */
const capturedPage = (cookie: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Clinic hours</title>
<link rel="stylesheet" href="/cap/style.css"></head>
<body><main><h1>Clinic hours</h1><p id="read">not run</p><p id="wrote">not run</p>
<script>
  var name = ${JSON.stringify(cookie)};
  var say = function (id, text) { document.getElementById(id).textContent = text; };
  try { say("read", "read:" + document.cookie); } catch (e) { say("read", "blocked:" + e.name); }
  try {
    document.cookie = name + "=planted; path=/api/v1";
    document.cookie = name + "=planted; path=/";
    document.cookie = name + "=planted; path=/; Secure";
    document.cookie = "planted_by_archive=1; path=/";
    say("wrote", "wrote");
  } catch (e) { say("wrote", "blocked:" + e.name); }
</script></main></body></html>`;

let app: BrowserApp;
let dataDir: string;
let replay: string;
let replayedPage: string;

beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  const site = await serveSite(
    new Map([
      ["/cap/page.html", { type: "text/html; charset=utf-8", body: capturedPage(SESSION_COOKIE) }],
      ["/cap/style.css", { type: "text/css", body: "h1 { color: rgb(0, 128, 0) }" }],
    ]),
  );
  try {
    const job = await captureSite(dataDir, `${site.url}/cap/page.html`);
    replayedPage = `/job-${job}/${site.url}/cap/page.html`;
  } finally {
    await site.close();
  }
  app = await startBrowserApp({ dataDir, serviceWorker: false });
  const health = await (await fetchHealthDetails(app.baseUrl)).json();
  replay = health.archive.replayUrl;
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const jar = async (context: BrowserContext) =>
  (await context.cookies()).map((c) => `${c.domain}${c.path} ${c.name}=${c.value}`).sort();

async function signedInPartner(): Promise<Page> {
  const page = await app.newPage({ viewport: DESKTOP });
  await page.goto("/partner");
  await signInThroughPage(page, ACCOUNTS.partnerA);
  await page.getByText(`Signed in as ${ACCOUNTS.partnerA}.`).waitFor(SLOW);
  await page.context().addCookies([{ ...PROBE, url: app.baseUrl }]);
  return page;
}

describe("a replayed page", () => {
  it("does not run its scripts, so they can neither read nor set the app's cookies", async () => {
    const page = await signedInPartner();
    const context = page.context();
    const before = await jar(context);
    const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(session, "the sign-in set the session cookie").toBeDefined();
    expect(before).toContain(`127.0.0.1/ ${PROBE.name}=${PROBE.value}`);

    // Same host as the app, another port: what a shared host name would allow.
    expect(new URL(replay).hostname).toBe(new URL(app.baseUrl).hostname);
    const replayed = await context.newPage();
    await replayed.goto(`${replay}${replayedPage}`, { waitUntil: "load" });
    await replayed.waitForTimeout(500);

    // The script did not run: nothing read, nothing planted.
    expect(await replayed.locator("#read").textContent()).toBe("not run");
    expect(await replayed.locator("#wrote").textContent()).toBe("not run");
    expect(await jar(context)).toEqual(before);
    // Were a script to run, the sandbox still gives it no cookie jar (an opaque origin).
    expect(await replayed.evaluate(() => window.origin)).toBe("null");

    // The partner is still signed in as themselves.
    const me = await page.request.get("/api/v1/auth/me");
    expect(me.status()).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(ACCOUNTS.partnerA);

    // The capture still looks like itself: its stylesheet comes from the replay origin.
    const color = await replayed.locator("h1").evaluate((h) => getComputedStyle(h).color);
    expect(color).toBe("rgb(0, 128, 0)");
    expect(await replayed.locator("#chc-replay-banner").textContent()).toContain("Archived capture of");
  });
});

describe.each([
  { locale: "en-CA", text: "This address shows pages captured" },
  { locale: "fr-CA", text: "Cette adresse affiche les pages capturées" },
])("the replay's own pages ($locale)", ({ locale, text }) => {
  it("are axe-clean, the front page and a bad address alike", async () => {
    const page = await app.newPage({ viewport: DESKTOP, locale });
    await page.goto(`${replay}/`);
    expect(await page.locator("main").textContent()).toContain(text);
    expect(await seriousViolations(page)).toEqual([]);
    const res = await page.goto(`${replay}${replayedPage}?ts=%ff`);
    expect(res?.status()).toBe(400);
    expect(await page.locator("h1").textContent()).toBe("Address not understood");
    expect(await page.locator("[lang=fr] h2").textContent()).toBe("Adresse incomprise");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
