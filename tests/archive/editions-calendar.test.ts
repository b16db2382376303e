/**
 * schedule-annual follows the calendar with an injected clock: a new install plans this year's
 * edition at once; the yearly campaign runs in its month, once, and neither a restart nor a
 * second run at the same moment repeats it. Real store (reopened for the restart), real scheduler,
 * the demo site on loopback; nothing is crawled here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteServer, serveDemoSite } from "../../server/archive/crawl/demo-site/server.js";
import { setSourceBaseUrl } from "../../server/archive/crawl/sources-store.js";
import { archiveModule } from "../../server/archive/index.js";
import { archiveTasks, runTask } from "../../server/archive/tasks/registry.js";
import { startScheduler } from "../../server/archive/tasks/scheduler.js";
import type { TaskContext } from "../../server/archive/tasks/task-context.js";
import { createLogger } from "../../server/core/logger.js";
import { createStore } from "../../server/db/store.js";
import type { Store } from "../../server/db/types.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";

let env: Awaited<ReturnType<typeof openArchiveStore>>;
let store: Store;
let site: SiteServer;
let clock = "";
const editions = { shardMaxUrls: 500, campaignMonth: 1 };
const def = archiveTasks().find((t) => t.name === "schedule-annual")!;
const context = (): TaskContext => ({
  store,
  dataDir: env.dataDir,
  maxRetries: 3,
  request: async () => new Response(null, { status: 503 }),
  replayUrl: () => null,
  now: () => clock,
  editions,
});
const scheduler = () => startScheduler([def], context(), createLogger("silent"), () => ({}), 3_600_000);
const years = () =>
  store.all<{ year: number; jobs: number }>(
    "SELECT e.year, (SELECT COUNT(*) FROM archive_jobs j WHERE j.edition_id = e.id) AS jobs FROM annual_editions e ORDER BY e.year",
  );
const campaigns = () =>
  store.all<{ year: number }>("SELECT year FROM annual_campaigns ORDER BY year").map((r) => r.year);

beforeAll(async () => {
  env = await openArchiveStore();
  store = env.store;
  site = await serveDemoSite(1);
  await store.write((tx) => tx.run("UPDATE sources SET enabled = 0 WHERE code != 'demo'"));
  await setSourceBaseUrl(store, "demo", `${site.url}/`, new Date().toISOString());
}, 60_000);
afterAll(async () => {
  await site?.close();
  await env?.cleanup();
});

describe("schedule-annual on the calendar", () => {
  it("plans this year's edition at once on a new install, before the campaign month", async () => {
    editions.campaignMonth = 9;
    clock = "2026-07-10T12:00:00.000Z";
    const s = scheduler();
    await s.tick(); // first tick: a new install does not wait a period
    s.stop();
    expect(years()).toEqual([{ year: 2026, jobs: expect.any(Number) }]);
    expect(years()[0].jobs).toBeGreaterThan(1);
    expect(campaigns()).toEqual([]);
  });

  it("runs the January campaign once: the new year's editions, and not again after a restart", async () => {
    editions.campaignMonth = 1;
    clock = "2026-12-31T20:00:00.000Z";
    const late = await runTask(def, context(), {});
    // The 2026 campaign was still due (month 9 was set): it runs, finding 2026 already planned.
    expect(late.summary).toMatch(/^2026: campaign run; 0 edition\(s\) planned/);
    clock = "2027-01-01T06:00:00.000Z";
    const s = scheduler();
    await s.tick();
    s.stop();
    expect(years().map((y) => y.year)).toEqual([2026, 2027]);
    expect(campaigns()).toEqual([2026, 2027]);
    const jobs = years();

    // Restart: the store is closed and opened again, the scheduler starts afresh.
    await store.close();
    store = await createStore({
      dataDir: env.dataDir,
      name: "archive",
      migrations: archiveModule.migrations,
    });
    env.store = store;
    clock = "2027-01-02T06:00:00.000Z";
    const restarted = scheduler();
    await restarted.tick();
    restarted.stop();
    const again = await runTask(def, context(), {});
    expect(again).toMatchObject({ ok: true });
    expect(again.summary).toMatch(/^2027: campaign ran on 2027-01-01; 0 edition\(s\) planned/);
    expect(years()).toEqual(jobs);
    expect(campaigns()).toEqual([2026, 2027]);
  });

  it("lets only one of two simultaneous runs take the year's campaign", async () => {
    clock = "2028-01-03T00:00:00.000Z";
    const [a, b] = await Promise.all([runTask(def, context(), {}), runTask(def, context(), {})]);
    const summaries = [a.summary, b.summary].sort();
    expect(summaries[0]).toMatch(/^2028: campaign run; 1 edition\(s\) planned \(demo\)/);
    expect(summaries[1]).toMatch(/^2028: the campaign is running \(claimed by .+\)$/);
    expect(years().filter((y) => y.year === 2028)).toHaveLength(1);
    expect(store.get<{ n: number }>("SELECT COUNT(*) AS n FROM annual_campaigns WHERE year = 2028")!.n).toBe(
      1,
    );
  });

  it("waits for the configured month when the source was archived before", async () => {
    editions.campaignMonth = 3;
    clock = "2029-01-15T00:00:00.000Z";
    const early = await runTask(def, context(), {});
    expect(early.summary).toMatch(
      /^2029: campaign due in month 3; 0 edition\(s\) planned \(none\), 0 shard job\(s\) queued; waiting for the campaign: demo$/,
    );
    expect(years().some((y) => y.year === 2029)).toBe(false);
    clock = "2029-03-01T00:00:00.000Z";
    expect((await runTask(def, context(), {})).summary).toMatch(
      /^2029: campaign run; 1 edition\(s\) planned \(demo\)/,
    );
  });

  it("postpones a site that does not answer, and plans it at a later check", async () => {
    const port = site.port;
    await site.close();
    editions.campaignMonth = 1;
    clock = "2030-01-02T00:00:00.000Z";
    const down = await runTask(def, context(), {});
    expect(down).toMatchObject({ ok: true });
    expect(down.summary).toMatch(
      /^2030: campaign run; 0 edition\(s\) planned \(none\), 0 shard job\(s\) queued; postponed, the site did not answer: demo: http:\/\/127\.0\.0\.1:\d+ did not answer/,
    );
    expect(years().some((y) => y.year === 2030)).toBe(false);
    site = await serveDemoSite(1, { port });
    clock = "2030-01-02T06:00:00.000Z";
    expect((await runTask(def, context(), {})).summary).toMatch(
      /^2030: campaign ran on 2030-01-02; 1 edition\(s\) planned \(demo\)/,
    );
  });
});
