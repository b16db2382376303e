// Launches Debian's Chromium through playwright-core, once per test worker: the files a worker
// runs one after another share it, each in its own browser contexts, which share no storage,
// cookies, cache or service worker (a context is a fresh profile), so nothing leaks between files.
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The features playwright-core turns off (its chromiumSwitches.ts). Chromium keeps only the last
 * --disable-features it is given, so a list of our own must repeat these; chromium-flags.test.ts
 * fails if playwright-core's list gains one this copy lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Chromium builds the address bar's suggestion popup (and its AI-mode variant) as two web pages
 * rendered in a renderer of their own, for every window: each new page a test opens cost about
 * 0.8 s of CPU for a popup that headless never shows and no web page can see. Measured in
 * Chromium 156 on 2 cores: a blank page's renderers took 850 ms of CPU with it, 60 ms without.
 */
const BROWSER_UI_FEATURES_OFF = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES_OFF].join(",")}`,
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

// On globalThis rather than in this module: a worker may evaluate the module once per file.
const WORKER_BROWSER = Symbol.for("chc.tests.workerChromium");
type WithBrowser = { [WORKER_BROWSER]?: Promise<Browser> };

/**
 * This worker process's Chromium, launched on first use and again if it went away (a crash).
 * Playwright closes it when the worker process exits; test files close only their contexts.
 */
export async function workerChromium(): Promise<Browser> {
  const holder = globalThis as WithBrowser;
  const current = await holder[WORKER_BROWSER]?.catch(() => undefined);
  if (current?.isConnected()) return current;
  holder[WORKER_BROWSER] = launchChromium();
  return holder[WORKER_BROWSER];
}

/**
 * Closes this process's Chromium if one was launched. Test workers need not (Playwright closes it
 * when they exit); a bench does, or its process stays up after printing its table.
 */
export async function closeWorkerChromium(): Promise<void> {
  const holder = globalThis as WithBrowser;
  const current = holder[WORKER_BROWSER];
  holder[WORKER_BROWSER] = undefined;
  await (await current?.catch(() => undefined))?.close();
}
