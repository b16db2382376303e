// One handle on everything a browser test needs: the built app, the real server serving it, and
// the worker's Chromium (tests/browser/helpers/browser.ts: the headless shell, or the full browser
// where a test needs it). Each test file starts its own and closes it in afterAll: its server, and
// every browser context opened while it ran (a page opened by a test, when that test ends).
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { onTestFinished, TestRunner } from "vitest";
import type { ServiceModule } from "../../../server/core/module";
import { startTestServer, type TestServer } from "../../helpers/server";
import { PHONE, workerChromium, workerFullChromium } from "./browser";
import { ensureWebBuilt } from "./build";

export interface PageOptions {
  viewport?: { width: number; height: number };
  locale?: string;
  /** A position the page may read through navigator.geolocation (permission granted). */
  geolocation?: { latitude: number; longitude: number };
  /** Whether this page's browser has service workers; the app's `serviceWorker` when not given. */
  serviceWorker?: boolean;
}

/** Chromium's headless shell (the default) or the full browser (see helpers/browser.ts). */
export type BrowserKind = "shell" | "full";

export type ContextOptions = BrowserContextOptions & { serviceWorker?: boolean; browser?: BrowserKind };

export interface BrowserApp {
  server: TestServer;
  browser: Browser;
  baseUrl: string;
  /**
   * A fresh context on this app's server: the worker's browser, or one without service workers;
   * `browser: "full"` opens it in the full Chromium instead of the app's browser.
   */
  newContext(opts?: ContextOptions): Promise<BrowserContext>;
  newPage(opts?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

export interface BrowserAppOptions {
  demo?: boolean;
  /** Run the archive's demo crawls too (see startTestServer). */
  archiveDemo?: boolean;
  dataDir?: string;
  env?: Record<string, string>;
  /** The modules to serve (default: all three), e.g. one built with a clock the test moves. */
  modules?: ServiceModule[];
  /**
   * false: the pages run in a browser that has no service workers (as in some private windows and
   * locked-down kiosk browsers), so the app never installs its worker. For files whose tests never
   * observe the worker: it does not control a first visit (it claims no page), and installing it
   * precaches the whole app, about a second of the machine's CPU per context (Chromium and the
   * server) that those tests spend on nothing they check. Files testing the offline app keep it;
   * a page can say otherwise (PageOptions.serviceWorker).
   */
  serviceWorker?: boolean;
  /** The file's browser: the headless shell unless "full" (a bench measuring what users run). */
  browser?: BrowserKind;
}

/** Makes a context a browser without service workers: the app's registration checks for the API. */
const NO_SERVICE_WORKER = "delete Navigator.prototype.serviceWorker;";

export async function startBrowserApp(opts: BrowserAppOptions = {}): Promise<BrowserApp> {
  ensureWebBuilt();
  const { serviceWorker = true, browser: kind = "shell", ...serverOptions } = opts;
  const server = await startTestServer({ web: true, ...serverOptions });
  const browserOf = (k: BrowserKind) => (k === "full" ? workerFullChromium() : workerChromium());
  const browser = await browserOf(kind);
  // Contexts the test opens through `browser` itself count too: all those opened from here on.
  const before = new Set<BrowserContext>(browser.contexts());
  // Contexts opened in the other browser, closed with the rest.
  const elsewhere = new Set<BrowserContext>();
  const newContext: BrowserApp["newContext"] = async ({
    serviceWorker: own,
    browser: k,
    ...options
  } = {}) => {
    const other = k !== undefined && k !== kind;
    const context = await (other ? await browserOf(k) : browser).newContext({
      baseURL: server.baseUrl,
      ...options,
    });
    if (other) elsewhere.add(context);
    if (!(own ?? serviceWorker)) await context.addInitScript(NO_SERVICE_WORKER);
    return context;
  };
  return {
    server,
    browser,
    baseUrl: server.baseUrl,
    newContext,
    async newPage({ viewport = PHONE, locale = "en-CA", geolocation, serviceWorker: own }: PageOptions = {}) {
      const context = await newContext({
        serviceWorker: own,
        viewport,
        locale,
        ...(geolocation ? { geolocation, permissions: ["geolocation"] } : {}),
      });
      // A page a test opens is closed when that test ends, not when the file does: a page left
      // open keeps its scripts, workers and rendering running (CPU on a shared 2-core machine)
      // while the file's later tests run. Pages opened in beforeAll stay for the whole file.
      if (TestRunner.getCurrentTest()) onTestFinished(() => context.close().catch(() => undefined));
      return context.newPage();
    },
    async close() {
      for (const c of browser.contexts()) if (!before.has(c)) await c.close().catch(() => undefined);
      for (const c of elsewhere) await c.close().catch(() => undefined);
      await server.close();
    },
  };
}

type Viewport = { width: number; height: number };

/**
 * One tab per language for a file's checks of the same page at several sizes, or signed in once:
 * a new context per check would install the service worker (unless the file turned it off) and
 * sync the directory again each time. A language's first use opens its tab (`prepare` runs on
 * it: sign in, turn a kiosk on); each later use resizes it and runs `reuse` (load the page again,
 * undo what a test emulated). After `uses` uses the tab is closed when that test ends; without
 * `uses` it stays for the file, whose close() closes it. `app` is read at each use, as files
 * start their app in beforeAll.
 */
export function tabPerLanguage(
  app: () => BrowserApp,
  opts: { uses?: number; prepare?(page: Page): Promise<void>; reuse?(page: Page): Promise<unknown> } = {},
): (locale: string, viewport: Viewport) => Promise<Page> {
  const tabs = new Map<string, { page: Page; used: number }>();
  return async (locale, viewport) => {
    let tab = tabs.get(locale);
    if (tab) {
      await tab.page.setViewportSize(viewport);
      await opts.reuse?.(tab.page);
    } else {
      const context = await app().newContext({ viewport, locale });
      tab = { page: await context.newPage(), used: 0 };
      tabs.set(locale, tab);
      await opts.prepare?.(tab.page);
    }
    if (++tab.used === opts.uses) {
      tabs.delete(locale);
      const { page } = tab;
      onTestFinished(() =>
        page
          .context()
          .close()
          .catch(() => undefined),
      );
    }
    return tab.page;
  };
}

/** Waits until a service worker controls the page (the first load is not controlled until claim). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}
