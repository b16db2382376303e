/**
 * `npm run bench -- lighthouse`: Lighthouse 12.2 (npm) on the web app's public pages, driving
 * Debian's Chromium through chrome-launcher, with its default mobile settings (a phone-sized
 * screen, simulated slow 4G and a 4× slower CPU). The real server runs in a child process with
 * demo data and the archive's demo crawl, built app included. Each page is audited cold (storage
 * cleared, IndexedDB and localStorage included, no service worker yet), as a first visit. Prints accessibility, best practices and
 * performance per page beside the goals (100, ≥ 95, ≥ 90) and names every audit that cost points,
 * with the load average, since the performance score depends on what else the machine is doing.
 * Standalone: `npx tsx bench/lighthouse.ts`. With LIGHTHOUSE_REPORTS=<folder>, each page's whole
 * report (JSON) is written there too, for reading its audits (long tasks, requests, script costs).
 * LIGHTHOUSE_PAGES=waits,search audits only the named pages (home, search, service, waits, archive;
 * the archive's demo crawl is then made only for the archive page) and LIGHTHOUSE_RUNS=3 audits each
 * page that many times and prints the median run with every run's score: one run's score moves by
 * several points on a shared machine, so a before/after comparison needs more than one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { ensureWebBuilt } from "../tests/browser/helpers/build.js";
import { type BenchRow, healthDetails, startServerChild, stopChild } from "./lib.js";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["accessibility", "best-practices", "performance"] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = {
  accessibility: 100,
  "best-practices": 95,
  performance: 90,
};
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

// Storage cleared before each run. Lighthouse's default keeps IndexedDB and localStorage, so every
// run after a page's first met the database the previous run's sync worker had filled (a returning
// visitor, reading its saved copy through Dexie), not the first visit this bench audits.
const CLEAR_STORAGE: NonNullable<Flags["clearStorageTypes"]> = [
  "file_systems",
  "shader_cache",
  "service_workers",
  "cache_storage",
  "indexeddb",
  "local_storage",
];

// Where the blocking time comes from: the main thread's busy time and the scripts' share of it.
const DIAGNOSTICS = ["mainthread-work-breakdown", "bootup-time", "total-byte-weight"];

const REPORTS = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : undefined;

const PAGE_NAMES = ["home", "search", "service", "waits", "archive"] as const;
type PageName = (typeof PAGE_NAMES)[number];

function selectedPages(): PageName[] {
  const asked = process.env.LIGHTHOUSE_PAGES?.split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (!asked?.length) return [...PAGE_NAMES];
  const unknown = asked.filter((p) => !(PAGE_NAMES as readonly string[]).includes(p));
  if (unknown.length)
    throw new Error(`LIGHTHOUSE_PAGES: unknown page ${unknown.join(", ")} (${PAGE_NAMES.join(", ")})`);
  return PAGE_NAMES.filter((p) => asked.includes(p));
}

function runsPerPage(): number {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? "1");
  if (!Number.isInteger(runs) || runs < 1 || runs > 9)
    throw new Error("LIGHTHOUSE_RUNS: a whole number from 1 to 9");
  return runs;
}

const progress = (msg: string) => process.stderr.write(`[lighthouse bench] ${msg}\n`);

async function waitForArchiveDemo(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const h = await healthDetails<{ archive?: { demo?: { state?: string } } }>(url);
    if (h.archive?.demo?.state === "ready") return;
    if (h.archive?.demo?.state === "failed") throw new Error("the archive's demo crawl failed");
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the archive's demo crawl was not ready after 5 minutes");
}

/** The audits of `category` that lost points, worst first, with what Lighthouse measured. */
function costs(lhr: Result, category: (typeof CATEGORIES)[number]): string[] {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1)
    .sort((a, b) => (a.audit.score ?? 0) - (b.audit.score ?? 0))
    .map(({ audit }) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
}

/**
 * One Lighthouse run of `pageUrl`. A trace Lighthouse failed to record (NO_NAVSTART, NO_FCP) is a
 * fault of the recording, not a score: Lighthouse's own message asks to run it again, so the page
 * gets up to three tries before the bench gives up.
 */
async function audit(pageUrl: string, port: number): Promise<Result> {
  let lastError = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const run = await lighthouse(pageUrl, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      clearStorageTypes: CLEAR_STORAGE,
    });
    if (!run) throw new Error(`Lighthouse gave no result for ${pageUrl}`);
    if (!run.lhr.runtimeError) return run.lhr;
    lastError = `${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`;
    progress(
      `try ${attempt} of ${pageUrl} failed to record (${run.lhr.runtimeError.code}); running it again`,
    );
  }
  throw new Error(`${pageUrl}: ${lastError}`);
}

export async function benchLighthouse(): Promise<BenchRow[]> {
  const selected = selectedPages();
  const runs = runsPerPage();
  ensureWebBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-lighthouse-"));
  const withArchive = selected.includes("archive");
  const { child, url } = await startServerChild(dataDir, {
    DEMO_DATA: "1",
    ARCHIVE_DEMO_CRAWL: withArchive ? "1" : "0",
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const rows: BenchRow[] = [];
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  try {
    if (withArchive) {
      progress("waiting for the archive's demo crawl");
      await waitForArchiveDemo(url);
    }
    const services = (await (await fetch(`${url}/api/v1/services?limit=1`)).json()) as {
      data: { id: string }[];
    };
    const paths: Record<PageName, [string, string]> = {
      home: ["home", "/"],
      search: ["search", "/search?q=food"],
      service: ["service", `/services/${services.data[0].id}`],
      waits: ["wait times", "/waits"],
      archive: ["archive", "/archive"],
    };
    for (const [name, pagePath] of selected.map((p) => paths[p])) {
      const audits: Result[] = [];
      for (let run = 1; run <= runs; run++) {
        progress(`auditing ${name} (${pagePath})${runs > 1 ? `, run ${run} of ${runs}` : ""}`);
        const one = await audit(`${url}${pagePath}`, chrome.port);
        if (REPORTS) {
          const file = `${name.replace(/\W+/g, "-")}${runs > 1 ? `-${run}` : ""}.json`;
          writeFileSync(path.join(REPORTS, file), JSON.stringify(one));
        }
        audits.push(one);
      }
      const perf = (r: Result) => r.categories.performance.score ?? 0;
      const sorted = [...audits].sort((a, b) => perf(a) - perf(b));
      const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
      const everyRun =
        runs > 1
          ? [`performance of each run ${audits.map((r) => Math.round(perf(r) * 100)).join(", ")}`]
          : [];
      const score = (c: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[c].score ?? 0) * 100);
      const verdict = CATEGORIES.map(
        (c) => `${c} ${score(c)} (goal ${c === "accessibility" ? "" : "≥ "}${GOALS[c]})`,
      );
      const metrics = [...METRICS, ...DIAGNOSTICS].map(
        (id) => `${id.replace(/-/g, " ")} ${lhr.audits[id]?.displayValue ?? "?"}`,
      );
      const lost = CATEGORIES.flatMap((c) =>
        score(c) < GOALS[c] ? [`${c} lost on: ${costs(lhr, c).join(", ")}`] : [],
      );
      rows.push({
        name: `${name} ${pagePath}`,
        p50: Number.NaN,
        p95: Number.NaN,
        p99: Number.NaN,
        extra: [verdict.join("; "), ...everyRun, metrics.join(", "), ...lost].join(" | "),
      });
    }
  } finally {
    chrome.kill();
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [one, five] = os.loadavg();
  rows.push({
    name: "load average",
    p50: Number.NaN,
    p95: Number.NaN,
    p99: Number.NaN,
    extra: `${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ${os.cpus().length} cores: performance is simulated from timings taken on this machine`,
  });
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import("./lib.js");
  printTable("Lighthouse (mobile, simulated slow 4G and 4× CPU)", await benchLighthouse());
}
