// Shared steps of the waits browser tests: read the API the page should agree with, check that a
// uPlot canvas really has pixels drawn, and run axe + screenshots in both languages at both sizes.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { explainDivergence } from "../../../shared/waittimes/compare";
import type { BriefLang } from "../../../shared/waittimes/compare-phrases";
import type { Comparison } from "../../../shared/waittimes/schemas";
import type { BrowserApp } from "./app";
import { seriousViolations } from "./axe";
import { DESKTOP, PHONE } from "./browser";
import { SCREENSHOT_DIR, saveScreenshot } from "./screenshots";

export async function api<T = unknown>(app: BrowserApp, path: string): Promise<T> {
  const res = await fetch(`${app.baseUrl}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/**
 * What the compare page shows for an API comparison: its lead sentence, and the text of the list of
 * differing fields (each short line followed by its folded detail).
 */
export function expectedExplanation(c: Comparison, lang: BriefLang): { headline: string; list: string } {
  const e = explainDivergence(c.hospital_a, c.hospital_b, lang);
  if (!e) throw new Error("the two hospitals are comparable: nothing to explain");
  return { headline: e.headline, list: e.fields.map((f) => f.line + f.detail).join("") };
}

/** Non-transparent pixels on the chart's canvas: a drawn chart has many, an empty one none. */
export async function drawnPixels(page: Page, chartSelector: string): Promise<number> {
  const canvas = page.locator(`${chartSelector} canvas`).first();
  await canvas.waitFor();
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext("2d");
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
    return n;
  });
}

/** How many points the chart drew (set by the chart's draw hook). */
export async function chartPoints(page: Page, chartSelector: string): Promise<number> {
  const chart = page.locator(`${chartSelector}[data-points]`).first();
  await chart.waitFor();
  return Number(await chart.getAttribute("data-points"));
}

/** Text a reader must never meet: API codes (TRIAGE, ROLLING_AVG, start_event) and raw decimals. */
export const RAW_CODE =
  /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b(TRIAGE|REGISTRATION|DOOR|UNKNOWN|PHYSICIAN|PROVIDER|DISCHARGE|MEDIAN|MEAN|P90)\b|metric_family|start_event|end_event|statistic_type|\d\.\d{2,}/;

export const VARIANTS = [
  { locale: "en-CA", lang: "en", viewport: PHONE, size: "phone" },
  { locale: "en-CA", lang: "en", viewport: DESKTOP, size: "desktop" },
  { locale: "fr-CA", lang: "fr", viewport: PHONE, size: "phone" },
  { locale: "fr-CA", lang: "fr", viewport: DESKTOP, size: "desktop" },
] as const;

/**
 * Opens `path` in each language at each size, waits for `ready`, asserts no serious or critical
 * axe violation and saves a screenshot named `<name>-<lang>-<size>` (of the whole page, or of the
 * first screens only for a page as long as a province's hospital list). One tab per language,
 * resized and loaded again for the second size: a new context per size would install the service
 * worker and sync the directory again for the same check. `lang` keeps one language: a check run
 * as one test per language stays well inside the time limit on a slow, busy machine.
 */
export async function checkEverywhere(
  app: BrowserApp,
  path: string,
  name: string,
  ready: (page: Page, lang: "en" | "fr") => Promise<void>,
  opts: { firstScreens?: number; lang?: "en" | "fr" } = {},
): Promise<void> {
  const variants = VARIANTS.filter((v) => !opts.lang || v.lang === opts.lang);
  let page: Page | undefined;
  for (const [i, v] of variants.entries()) {
    if (page && variants[i - 1].locale === v.locale) await page.setViewportSize(v.viewport);
    else page = await app.newPage({ locale: v.locale, viewport: v.viewport });
    await page.goto(path);
    await ready(page, v.lang);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(v.lang);
    expect(await seriousViolations(page), `${name} ${v.lang} ${v.size}`).toEqual([]);
    if (opts.firstScreens) {
      const { width, height } = v.viewport;
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/${name}-${v.lang}-${v.size}.png`,
        fullPage: true,
        clip: { x: 0, y: 0, width, height: height * opts.firstScreens },
      });
    } else await saveScreenshot(page, `${name}-${v.lang}-${v.size}`);
    if (variants[i + 1]?.locale !== v.locale) await page.context().close();
  }
}
