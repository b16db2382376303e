/**
 * Web app benchmark in real Chromium (Debian's /usr/bin/chromium through playwright-core), against
 * the real server serving the built app over a temporary DATA_DIR holding 10,000 generated
 * services (bench/directory.ts's generator):
 * - first sync of the directory into IndexedDB on a fresh device (target ≤ 3 s);
 * - offline search over the saved 10,000 services, timed inside the page: the app's searchDevice
 *   path (read the saved services, shared rankServices, top 20) and the whole search page (submit →
 *   results rendered "from this device") (target p95 ≤ 20 ms);
 * - shell load from the service-worker cache, online and offline (target ≤ 300 ms).
 * Standalone: `npx tsx bench/web.ts`.
 */
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { startBrowserApp, waitForServiceWorkerControl } from "../tests/browser/helpers/app.js";
import { ensureWebBuilt } from "../tests/browser/helpers/build.js";
import { generateServices, prepareDataDir } from "./directory.js";
import { type BenchRow, percentiles, printTable, ROOT } from "./lib.js";

const SERVICES = Number(process.env.BENCH_WEB_SERVICES ?? 10_000);
const SYNC_RUNS = 2;
const DEVICE_ROUNDS = 2;
const UI_ROUNDS = 1;
const RELOADS = 8;

/** ~30 queries, English and French, including typos, crisis wording and no-match text. */
const QUERIES: Array<{ q: string; locale: "en" | "fr" }> = [
  { q: "food bank", locale: "en" },
  { q: "I can't pay my rent", locale: "en" },
  { q: "my partner hurts me", locale: "en" },
  { q: "shleter", locale: "en" },
  { q: "legal aid", locale: "en" },
  { q: "walk-in clinic", locale: "en" },
  { q: "overdose", locale: "en" },
  { q: "library", locale: "en" },
  { q: "dentist", locale: "en" },
  { q: "I need someone to talk to", locale: "en" },
  { q: "housing", locale: "en" },
  { q: "mental health", locale: "en" },
  { q: "employment", locale: "en" },
  { q: "child care", locale: "en" },
  { q: "seniors", locale: "en" },
  { q: "addiction counselling", locale: "en" },
  { q: "free meals Kingston", locale: "en" },
  { q: "tax clinic", locale: "en" },
  { q: "newcomer services", locale: "en" },
  { q: "pharmacy", locale: "en" },
  { q: "help", locale: "en" },
  { q: "zzzz qqqq", locale: "en" },
  { q: "j'ai faim", locale: "fr" },
  { q: "hébergement", locale: "fr" },
  { q: "je veux mourir", locale: "fr" },
  { q: "emploi", locale: "fr" },
  { q: "aide juridique", locale: "fr" },
  { q: "santé mentale", locale: "fr" },
  { q: "banque alimentaire", locale: "fr" },
  { q: "logement Napanee", locale: "fr" },
];

const progress = (msg: string) => process.stderr.write(`[web bench] ${msg}\n`);

const row = (name: string, samples: number[], extra: string): BenchRow => ({
  name,
  ...percentiles(samples),
  extra: `${extra}; n=${samples.length}`,
});

/** The built chunk holding shared/directory/rank (the one searchDevice imports on demand). */
function rankChunkUrl(): string {
  const assets = path.join(path.resolve(ROOT, process.env.WEB_DIST_DIR ?? "dist/web"), "assets");
  const file = readdirSync(assets).find((f) => /^rank-.*\.js$/.test(f));
  if (!file) throw new Error(`no rank-*.js chunk in ${assets}`);
  return `/assets/${file}`;
}

/** Loads a fresh device (new context, empty storage) and times the app's own first directory sync. */
async function firstSync(page: Page): Promise<{ syncMs: number; fromNavigationMs: number; count: number }> {
  await page.goto("/");
  const deadline = Date.now() + 90_000;
  // Polled from here (page.evaluate awaits the promise), four times a second.
  while (
    !(await page.evaluate(async () => {
      // Never create the database before the app does.
      if (!(await indexedDB.databases()).some((d) => d.name === "community-health")) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open("community-health");
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("syncState")) {
            db.close();
            return resolve(false);
          }
          const req = db.transaction("syncState").objectStore("syncState").get("directory");
          req.onsuccess = () => {
            db.close();
            const s = req.result as { lastSuccessAt: string | null; lastError: string | null } | undefined;
            resolve(Boolean(s?.lastSuccessAt || s?.lastError));
          };
          req.onerror = () => resolve(false);
        };
      });
    }))
  ) {
    if (Date.now() > deadline) throw new Error("first sync did not finish in 90 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return page.evaluate(
    () =>
      new Promise<{ syncMs: number; fromNavigationMs: number; count: number }>((resolve, reject) => {
        const open = indexedDB.open("community-health");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(["syncState", "services"]);
          const state = tx.objectStore("syncState").get("directory");
          const count = tx.objectStore("services").count();
          tx.oncomplete = () => {
            db.close();
            const error = (state.result as { lastError: string | null }).lastError;
            if (error) return reject(new Error(`sync failed: ${error}`));
            const end =
              Date.parse((state.result as { lastSuccessAt: string }).lastSuccessAt) - performance.timeOrigin;
            const first = performance
              .getEntriesByType("resource")
              .find((e) => e.name.includes("/api/v1/services?updated_since="));
            if (!first) return reject(new Error("no sync request in the resource timings"));
            resolve({ syncMs: end - first.startTime, fromNavigationMs: end, count: count.result as number });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** The app's searchDevice path in the page: read every saved service, rank, keep the top 20. */
async function deviceSearch(page: Page, rankUrl: string) {
  return page.evaluate(
    async ({ rankUrl, queries, rounds }) => {
      const { rankServices } = (await import(rankUrl)) as {
        rankServices: (
          services: unknown[],
          q: string,
          opts: { locale: string },
        ) => {
          mode: string;
          results: Array<{ service: object; openNow: boolean | null; suggestion: boolean }>;
        };
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("community-health");
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      // Dexie's Table.toArray() is one getAll() on the object store.
      const readAll = () =>
        new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction("services").objectStore("services").getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      const total: number[] = [];
      const read: number[] = [];
      const rank: number[] = [];
      const rankHeld: number[] = [];
      let count = 0;
      await readAll().then((s) => rankServices(s, "warm up", { locale: "en" })); // JIT + vocabulary
      for (let r = 0; r < rounds; r++) {
        for (const { q, locale } of queries) {
          const t0 = performance.now();
          const services = await readAll();
          const t1 = performance.now();
          const ranked = rankServices(services, q, { locale });
          const results = ranked.results.slice(0, 20).map((x) => ({
            ...x.service,
            openNow: x.openNow,
            suggestion: x.suggestion,
          }));
          const t2 = performance.now();
          total.push(t2 - t0);
          read.push(t1 - t0);
          rank.push(t2 - t1);
          count = services.length;
          if (results.length > 20) throw new Error("unreachable");
        }
      }
      // Ranking alone over one array kept in memory (its index built once).
      const held = await readAll();
      rankServices(held, "warm up", { locale: "en" });
      for (let r = 0; r < rounds; r++) {
        for (const { q, locale } of queries) {
          const t0 = performance.now();
          rankServices(held, q, { locale }).results.slice(0, 20);
          rankHeld.push(performance.now() - t0);
        }
      }
      db.close();
      return { total, read, rank, rankHeld, count };
    },
    { rankUrl, queries: QUERIES, rounds: DEVICE_ROUNDS },
  );
}

/** The search page itself, offline: fill the box, submit, until the device's results are shown. */
async function uiSearch(page: Page): Promise<number[]> {
  return page.evaluate(
    async ({ queries, rounds }) => {
      const samples: number[] = [];
      const done = (q: string) => {
        const section = document.querySelector("section[aria-busy]");
        const heading = document.querySelector("[data-testid=results-heading]");
        return (
          section?.getAttribute("aria-busy") === "false" &&
          Boolean(heading?.textContent?.includes(`“${q}”`)) &&
          document.querySelector("[data-testid=from-device]") !== null
        );
      };
      for (let r = 0; r < rounds; r++) {
        for (const { q } of queries) {
          const input = document.getElementById("directory-q") as HTMLInputElement;
          input.value = q;
          input.dispatchEvent(new Event("input", { bubbles: true }));
          const form = input.form as HTMLFormElement;
          const t0 = performance.now();
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => {
              observer.disconnect();
              reject(new Error(`no results shown for ${q}`));
            }, 15_000);
            const observer = new MutationObserver(() => {
              if (!done(q)) return;
              observer.disconnect();
              clearTimeout(timer);
              resolve();
            });
            observer.observe(document.body, {
              subtree: true,
              childList: true,
              attributes: true,
              characterData: true,
            });
            form.requestSubmit();
          });
          samples.push(performance.now() - t0);
        }
      }
      return samples;
    },
    { queries: QUERIES, rounds: UI_ROUNDS },
  );
}

/** Reloads the controlled page and reads its navigation timing. */
async function reloads(
  page: Page,
  times: number,
): Promise<{ load: number[]; dcl: number[]; controlled: boolean }> {
  const load: number[] = [];
  const dcl: number[] = [];
  let controlled = true;
  for (let i = 0; i < times; i++) {
    await page.reload({ waitUntil: "load" });
    const nav = await page.evaluate(
      () =>
        new Promise<{ load: number; dcl: number; controlled: boolean }>((resolve) => {
          const read = () => {
            const e = performance.getEntriesByType("navigation")[0] as
              | PerformanceNavigationTiming
              | undefined;
            if (!e || e.loadEventEnd === 0) return setTimeout(read, 10);
            resolve({
              load: e.loadEventEnd - e.startTime,
              dcl: e.domContentLoadedEventEnd - e.startTime,
              controlled: Boolean(navigator.serviceWorker.controller),
            });
          };
          read();
        }),
    );
    load.push(nav.load);
    dcl.push(nav.dcl);
    controlled &&= nav.controlled;
  }
  return { load, dcl, controlled };
}

export async function benchWeb(): Promise<BenchRow[]> {
  ensureWebBuilt();
  const rankUrl = rankChunkUrl();
  const dataDir = await prepareDataDir(generateServices(SERVICES));
  progress("data dir ready");
  const app = await startBrowserApp({ dataDir });
  progress(`server and Chromium up at ${app.baseUrl}`);
  const rows: BenchRow[] = [];
  try {
    // 1. First sync on fresh devices (each context starts with empty storage).
    const sync: number[] = [];
    const fromNav: number[] = [];
    let page: Page | undefined;
    for (let i = 0; i < SYNC_RUNS; i++) {
      if (page) await page.context().close();
      page = await app.newPage();
      // tsx compiles with keepNames, so functions passed to page.evaluate may call esbuild's __name.
      await page.context().addInitScript({ content: "globalThis.__name = (f) => f;" });
      const s = await firstSync(page);
      if (s.count !== SERVICES) throw new Error(`synced ${s.count} services, expected ${SERVICES}`);
      progress(`first sync ${i + 1}: ${s.syncMs.toFixed(0)} ms`);
      sync.push(s.syncMs);
      fromNav.push(s.fromNavigationMs);
    }
    const nav = percentiles(fromNav);
    rows.push(
      row(
        `first sync, ${SERVICES.toLocaleString("en")} services → IndexedDB`,
        sync,
        `target ≤ 3000 ms; first request → cursor stored, fresh device each run (from navigation start p50 ${nav.p50.toFixed(0)} ms)`,
      ),
    );
    page = page as Page;

    // 3 (first, while the page is fresh). Shell from the service-worker cache.
    await waitForServiceWorkerControl(page);
    progress("service worker controls the page");
    const online = await reloads(page, RELOADS);
    progress("online reloads done");
    await page.context().setOffline(true);
    const offline = await reloads(page, RELOADS);
    await page.context().setOffline(false);
    const ctl = online.controlled && offline.controlled ? "SW-controlled" : "NOT always SW-controlled";
    rows.push(
      row(
        "shell reload, online (loadEventEnd)",
        online.load,
        `target ≤ 300 ms; ${ctl}; DOMContentLoaded p50 ${percentiles(online.dcl).p50.toFixed(0)} ms`,
      ),
      row(
        "shell reload, offline (loadEventEnd)",
        offline.load,
        `target ≤ 300 ms; ${ctl}; DOMContentLoaded p50 ${percentiles(offline.dcl).p50.toFixed(0)} ms`,
      ),
    );

    // 2. Offline search over the saved 10,000 services.
    progress("offline reloads done");
    await page.goto("/search");
    await page.evaluate((url) => import(url), rankUrl); // the chunk the search page loads on demand
    await page.context().setOffline(true);
    const device = await deviceSearch(page, rankUrl);
    if (device.count !== SERVICES) throw new Error(`read ${device.count} services, expected ${SERVICES}`);
    rows.push(
      row(
        `offline search: searchDevice path (read ${SERVICES.toLocaleString("en")} + rank + top 20)`,
        device.total,
        `target p95 ≤ 20 ms; ${QUERIES.length} queries × ${DEVICE_ROUNDS}, timed in the page`,
      ),
      row("  of which: read all services from IndexedDB", device.read, "Dexie toArray() = one getAll()"),
      row("  of which: rankServices + top 20 (fresh array)", device.rank, "index rebuilt per call"),
      row("rankServices + top 20 on an array held in memory", device.rankHeld, "index built once"),
    );
    progress("searchDevice path done");
    const ui = await uiSearch(page);
    rows.push(
      row(
        "offline search page: submit → 20 results shown",
        ui,
        `target p95 ≤ 20 ms; the app's Search page, "from this device"; ${QUERIES.length} queries × ${UI_ROUNDS}`,
      ),
    );
    await page.context().setOffline(false);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable("Web app in Chromium (10,000 services)", await benchWeb());
}
