/**
 * Wait-time chart rendering in real Chromium (Debian's /usr/bin/chromium through playwright-core),
 * against the real server serving the built app over demo data (a year of history):
 * - a hospital page opened on its 1y trend, ≥ 20 page loads: from the trend data being available
 *   (the page's "waits:trend-data" mark, set when the series has arrived) to the uPlot chart drawn
 *   (the chart's "waits:trend-drawn" mark, set by uPlot's draw hook), target < 100 ms;
 * - the same 1y chart reached by switching period inside the page (uPlot already loaded), ≥ 20 times;
 * - headroom: uPlot alone drawing a year of hourly points (8,760 × 3 series, the densest a 1y
 *   chart could get if the server ever answered hourly), in the same page.
 * Standalone: `npx tsx bench/web-charts.ts`.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { startBrowserApp } from "../tests/browser/helpers/app.js";
import { closeWorkerChromium, DESKTOP } from "../tests/browser/helpers/browser.js";
import { ensureWebBuilt } from "../tests/browser/helpers/build.js";
import { type BenchRow, percentiles, printTable, ROOT } from "./lib.js";

const RENDERS = Number(process.env.BENCH_WEB_CHART_RENDERS ?? 25);
const TARGET_MS = 100;

const HOURLY_YEAR = 8760;

/** The built uPlot chunk (the one the charts load on demand), under the test build's folder. */
function uPlotChunkUrl(): string {
  const dir = path.resolve(ROOT, process.env.WEB_DIST_DIR ?? "dist/web", "assets");
  const file = readdirSync(dir).find((f) => /^uPlot\.esm-.*\.js$/.test(f));
  if (!file) throw new Error(`no uPlot.esm-*.js chunk in ${dir}`);
  return `/assets/${file}`;
}

/** uPlot alone: new chart of `n` hourly points (value, min, max) until its first draw, `times` times. */
async function denseDraws(page: Page, url: string, n: number, times: number): Promise<number[]> {
  return page.evaluate(
    async ({ url, n, times }) => {
      const UPlot = ((await import(url)) as { default: new (...args: unknown[]) => { destroy(): void } })
        .default;
      const start = Date.UTC(2025, 10, 1) / 1000;
      const xs = Array.from({ length: n }, (_, i) => start + i * 3600);
      const ys = xs.map((_, i) => 120 + 60 * Math.sin(i / 24) + (i % 7) * 3);
      const host = document.createElement("div");
      host.style.width = "900px";
      document.body.append(host);
      const samples: number[] = [];
      for (let r = 0; r < times; r++) {
        let drawnAt = 0;
        const t0 = performance.now();
        const chart = new UPlot(
          {
            width: 900,
            height: 260,
            series: [{}, { stroke: "#0b5563" }, { stroke: "#6b7785" }, { stroke: "#b45309" }],
            hooks: { draw: [() => (drawnAt ||= performance.now())] },
          },
          [xs, ys, ys.map((y) => y - 20), ys.map((y) => y + 30)],
          host,
        );
        while (!drawnAt) await new Promise((resolve) => setTimeout(resolve, 0));
        samples.push(drawnAt - t0);
        chart.destroy();
      }
      host.remove();
      return samples;
    },
    { url, n, times },
  );
}

const progress = (msg: string) => process.stderr.write(`[web-charts bench] ${msg}\n`);

/** Waits for a drawn mark after the latest data mark and returns the gap between them (ms). */
async function renderGap(page: Page): Promise<{ ms: number; chartMs: number; points: number }> {
  await page.waitForFunction(
    () => {
      const data = performance.getEntriesByName("waits:trend-data").at(-1);
      return Boolean(
        data && performance.getEntriesByName("waits:trend-drawn").some((e) => e.startTime >= data.startTime),
      );
    },
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => {
    const data = performance.getEntriesByName("waits:trend-data").at(-1)!;
    const drawn = performance
      .getEntriesByName("waits:trend-drawn")
      .find((e) => e.startTime >= data.startTime)!;
    const start = performance
      .getEntriesByName("waits:trend-chart-start")
      .find((e) => e.startTime >= data.startTime);
    const points = Number(document.querySelector(".trend-chart[data-points]")?.getAttribute("data-points"));
    return {
      ms: drawn.startTime - data.startTime,
      chartMs: drawn.startTime - (start?.startTime ?? data.startTime),
      points,
    };
  });
}

async function hospitalWithLongestYear(baseUrl: string): Promise<{ id: string; points: number }> {
  const list = (await (await fetch(`${baseUrl}/api/hospitals`)).json()).data as Array<{
    id: string;
    province: string;
  }>;
  let best = { id: "", points: -1 };
  // One hospital per province is enough: each province's feed has its own cadence and history.
  for (const province of ["ON", "QC", "AB", "BC"]) {
    const h = list.find((x) => x.province === province);
    if (!h) continue;
    const body = await (await fetch(`${baseUrl}/api/hospitals/${h.id}/trends?period=1y`)).json();
    const points = body.data.dataPoints.length as number;
    if (points > best.points) best = { id: h.id, points };
  }
  if (best.points <= 0) throw new Error("no hospital has a 1y series");
  return best;
}

export async function benchWebCharts(): Promise<BenchRow[]> {
  ensureWebBuilt();
  const app = await startBrowserApp({ demo: true, browser: "full" });
  progress(`server (demo data) and Chromium up at ${app.baseUrl}`);
  try {
    const { id, points } = await hospitalWithLongestYear(app.baseUrl);
    progress(`hospital ${id}, 1y series of ${points} points`);
    const page = await app.newPage({ viewport: DESKTOP });
    // tsx compiles with keepNames, so functions passed to page.evaluate may call esbuild's __name.
    await page.context().addInitScript({ content: "globalThis.__name = (f) => f;" });
    const url = `/waits/${encodeURIComponent(id)}?period=1y`;
    await page.goto(url);
    await renderGap(page); // warm-up: chunks cached, JIT warm

    const load: number[] = [];
    const loadChart: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      await page.goto(url);
      const r = await renderGap(page);
      if (r.points !== points) throw new Error(`chart drew ${r.points} points, expected ${points}`);
      load.push(r.ms);
      loadChart.push(r.chartMs);
    }
    progress("page loads done");

    const sw: number[] = [];
    const swChart: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      await page.getByRole("link", { name: "30 days", exact: true }).click();
      await page.waitForURL(`**/waits/${id}?period=30d`);
      await renderGap(page);
      await page.evaluate(() => performance.clearMarks());
      await page.getByRole("link", { name: "1 year", exact: true }).click();
      const r = await renderGap(page);
      if (r.points !== points) throw new Error(`chart drew ${r.points} points, expected ${points}`);
      sw.push(r.ms);
      swChart.push(r.chartMs);
    }
    progress("period switches done");
    const dense = await denseDraws(page, uPlotChunkUrl(), HOURLY_YEAR, RENDERS);
    progress("dense draws done");
    const row = (name: string, samples: number[], how: string): BenchRow => {
      const p = percentiles(samples);
      const verdict = p.p95 < TARGET_MS ? "meets" : "MISSES";
      return {
        name,
        ...p,
        extra: `target < ${TARGET_MS} ms (${verdict} at p95); ${how}; ${points} points; n=${samples.length}`,
      };
    };
    const part = (name: string, samples: number[]): BenchRow => ({
      name,
      ...percentiles(samples),
      extra: "chart component start → uPlot drawn (the rest is the page's own render)",
    });
    return [
      row("1y trend: data available → chart drawn (page load)", load, "uPlot fetched alongside the data"),
      part("  of which: chart", loadChart),
      row("1y trend: data available → chart drawn (period switch)", sw, "uPlot already loaded"),
      part("  of which: chart", swChart),
      {
        name: `headroom: uPlot alone, ${HOURLY_YEAR.toLocaleString("en")} hourly points × 3 series`,
        ...percentiles(dense),
        extra: `new chart → first draw; not what the page gets (1y is monthly); n=${dense.length}`,
      },
    ];
  } finally {
    await app.close();
    await closeWorkerChromium();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable("Web app in Chromium: wait-time charts", await benchWebCharts());
}
