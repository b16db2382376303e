/** Shell reloads for bench/web.ts: the page reloaded from the service worker's cache, timed by the browser. */
import type { Page } from "playwright-core";

export async function reloads(page: Page, times: number): Promise<{ load: number[]; controlled: boolean }> {
  const load: number[] = [];
  let controlled = true;
  for (let i = 0; i < times; i++) {
    await page.reload({ waitUntil: "load" });
    const nav = await page.evaluate(
      () =>
        new Promise<{ load: number; controlled: boolean }>((resolve) => {
          const read = () => {
            const e = performance.getEntriesByType("navigation")[0] as
              | PerformanceNavigationTiming
              | undefined;
            if (!e || e.loadEventEnd === 0) return setTimeout(read, 10);
            resolve({
              load: e.loadEventEnd - e.startTime,
              controlled: Boolean(navigator.serviceWorker.controller),
            });
          };
          read();
        }),
    );
    load.push(nav.load);
    controlled &&= nav.controlled;
  }
  return { load, controlled };
}
