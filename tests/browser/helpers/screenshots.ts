import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../../test-artifacts/screenshots");

/**
 * The whole page by default; `fullPage: false` keeps what the first screen shows.
 *
 * A whole page is captured as Playwright does it (Page.captureScreenshot beyond the viewport), but
 * with Chromium told to encode the PNG for speed: the same pixels in a file about a third larger,
 * for half the CPU. The browser run saves some two hundred pages up to 13,000 pixels tall, and
 * their encoding was a tenth of Chromium's work in it (measured on a 390 × 14,066 page: 550 ms of
 * CPU a capture, 270 ms encoded for speed). A page with touch emulation goes through Playwright,
 * which turns the emulation back on after such a capture.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (!fullPage || (await page.evaluate(() => navigator.maxTouchPoints > 0))) {
    await page.screenshot({ path: file, fullPage });
    return file;
  }
  const cdp = await page.context().newCDPSession(page);
  try {
    const { cssContentSize, cssLayoutViewport } = await cdp.send("Page.getLayoutMetrics");
    const width = Math.ceil(cssContentSize.width);
    const height = Math.ceil(cssContentSize.height);
    const fits = width <= cssLayoutViewport.clientWidth && height <= cssLayoutViewport.clientHeight;
    const { data } = await cdp.send("Page.captureScreenshot", {
      format: "png",
      optimizeForSpeed: true,
      captureBeyondViewport: !fits,
      clip: { x: 0, y: 0, width, height, scale: 1 },
    });
    writeFileSync(file, Buffer.from(data, "base64"));
  } finally {
    await cdp.detach().catch(() => undefined);
  }
  return file;
}
