import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../../test-artifacts/screenshots");

/** The whole page by default; `fullPage: false` keeps what the first screen shows. */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
