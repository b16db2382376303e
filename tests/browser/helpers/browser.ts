// Launches Debian's Chromium through playwright-core, once per test worker: the files a worker
// runs one after another share it, each in its own browser contexts, which share no storage,
// cookies, cache or service worker (a context is a fresh profile), so nothing leaks between files.
//
// The tests' pages run in Chromium's headless shell (Debian's chromium-headless-shell: the same
// Blink, V8, network stack, storage and service workers, without the desktop browser's window and
// UI layer), as Playwright itself does by default for headless tests. Measured on 2 cores over the
// whole browser run: 429 s of Chromium's CPU against 534 s for the full browser, 308 s against
// 362 s. The full browser (/usr/bin/chromium) stays for what the shell does not do as a phone's
// browser does: after a tap the shell moves its mouse back to the corner of the page (mouseout at
// 0,0), which a page following the cursor reads as the finger leaving (`browser: "full"` in
// app.ts); for Lighthouse and the benches; and for a persistent profile restarted like a user's.
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

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

/**
 * In the test run only, V8 stops at its baseline compiler (Sparkplug), without Maglev or TurboFan:
 * a test's page lives for seconds, too short for optimised code to pay back the compiling. Over
 * the whole browser run on 2 cores: 486 s of CPU against 532 s, and 267 s against 291 s. The tiers
 * change how fast a script runs, not what it does; the benches, which measure speed, run outside
 * Vitest and keep V8's defaults.
 */
export const TEST_RUN_V8_ARGS = process.env.VITEST ? ["--js-flags=--max-opt=1"] : [];

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
  ...TEST_RUN_V8_ARGS,
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** The full browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** The headless shell: headless by build, so without --headless=new (Playwright passes --headless). */
export function launchHeadlessShell(): Promise<Browser> {
  const args = CHROMIUM_ARGS.filter((a) => !a.startsWith("--headless"));
  return chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args, headless: true });
}

// On globalThis rather than in this module: a worker may evaluate the module once per file.
const WORKER_BROWSERS = Symbol.for("chc.tests.workerBrowsers");
type Kind = "shell" | "full";
type WithBrowsers = { [WORKER_BROWSERS]?: Map<Kind, Promise<Browser>> };

function workerBrowsers(): Map<Kind, Promise<Browser>> {
  const holder = globalThis as WithBrowsers;
  holder[WORKER_BROWSERS] ??= new Map();
  return holder[WORKER_BROWSERS];
}

async function workerBrowser(kind: Kind): Promise<Browser> {
  const browsers = workerBrowsers();
  const current = await browsers.get(kind)?.catch(() => undefined);
  if (current?.isConnected()) return current;
  const launched = kind === "shell" ? launchHeadlessShell() : launchChromium();
  browsers.set(kind, launched);
  return launched;
}

/**
 * This worker process's headless shell, launched on first use and again if it went away (a
 * crash). Playwright closes it when the worker process exits; test files close only their contexts.
 */
export function workerChromium(): Promise<Browser> {
  return workerBrowser("shell");
}

/** This worker process's full Chromium, the same way: only for what the shell does differently. */
export function workerFullChromium(): Promise<Browser> {
  return workerBrowser("full");
}

/**
 * Closes this process's browsers if any were launched. Test workers need not (Playwright closes
 * them when they exit); a bench does, or its process stays up after printing its table.
 */
export async function closeWorkerChromium(): Promise<void> {
  const browsers = [...workerBrowsers().values()];
  workerBrowsers().clear();
  for (const b of browsers) await (await b.catch(() => undefined))?.close();
}
