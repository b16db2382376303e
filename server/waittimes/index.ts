/**
 * The wait-time observatory module (spec 000): hospitals, trends, methodology comparison,
 * benchmarks, Quebec occupancy and data quality, over `<DATA_DIR>/waittimes.sqlite`.
 */
import { type Clock, systemClock } from "../core/clock.js";
import type { ServiceModule } from "../core/module.js";
import { runOncePerSlot } from "../core/task-slots.js";
import { registerWaittimesCli } from "./cli.js";
import { cached } from "./data-version.js";
import { extendDemoHistory } from "./demo-live.js";
import { seedWaittimesDemo } from "./demo-seed.js";
import { loadRegistry } from "./hospital-registry.js";
import { waittimesMigrations } from "./migrations/index.js";
import { waittimesPgMigrations } from "./migrations/pg/index.js";
import { configuredTargets, Poller } from "./poller.js";
import type { WaittimesRepository } from "./repository.js";
import { waittimesRepository } from "./repository-of.js";
import { mountWaittimesRoutes } from "./routes.js";
import { toIso } from "./time-buckets.js";

let poller: Poller | null = null;
let demoTimer: NodeJS.Timeout | null = null;
/** How often the demo feed publishes while the server runs. */
const DEMO_TICK_MS = 5 * 60_000;

/** Brings the demo feed up to now, in one process per tick when several share the database. */
async function extendDemoFeed(repo: WaittimesRepository): Promise<number> {
  let added = 0;
  await runOncePerSlot(repo, "demo-feed", DEMO_TICK_MS, async () => {
    added = await extendDemoHistory(repo, await loadRegistry(repo));
  });
  return added;
}

export interface WaittimesModuleOptions {
  /** Where the routes read "now" (a trend's window, a benchmark's periods); tests hold it still. */
  clock?: Clock;
}

export const createWaittimesModule = ({
  clock = systemClock,
}: WaittimesModuleOptions = {}): ServiceModule => ({
  name: "waittimes",
  migrations: waittimesMigrations,
  pgMigrations: waittimesPgMigrations,
  copyPlan: () => ({ pgMigrations: waittimesPgMigrations }),
  mountRoutes: (app, ctx) => mountWaittimesRoutes(app, waittimesRepository(ctx), clock),
  async seedDemo(ctx) {
    const result = await seedWaittimesDemo(waittimesRepository(ctx), ctx.config.WAITTIMES_DEMO_SCALE);
    if (result.seeded) ctx.logger.info(result, "wait-time demo history written");
  },
  // Degraded (not down) while a polled feed has failed for longer than its polling interval, as
  // the polls recorded in the database say, whichever process made them (poller.ts catches up).
  healthStatus: () => (poller && poller.status.stale(Date.now()).length > 0 ? "degraded" : "ok"),
  async healthDetails(ctx) {
    const repo = waittimesRepository(ctx);
    const meta = await cached(repo, "meta", 60_000, () => repo.meta());
    const counts = await cached(repo, "counts", 60_000, () => repo.counts());
    const registry = await loadRegistry(repo);
    const sources: Record<string, unknown> = {};
    for (const id of registry.sources.keys()) {
      const run = await repo.latestRun(id);
      sources[id] = run
        ? { last_run_at: toIso(run.finished_at), outcome: run.outcome, kind: run.kind }
        : null;
    }
    // The polls any process recorded until now (a database out of reach leaves the state as it was).
    await poller?.catchUp().catch(() => undefined);
    const now = Date.now();
    return {
      waittimes: {
        // Each polled feed's state, the same in every process (the runs in the database): "stale"
        // once it has failed for longer than its polling interval (the module's health is then
        // degraded), with the last reason.
        feeds: poller?.status.snapshot(now) ?? {},
        stale_feeds: poller?.status.stale(now).map((s) => s.sourceId) ?? [],
        demo_data: meta.demo === "1",
        demo_scale: meta.demo_scale ?? null,
        demo_generated_at: meta.demo_generated_at ? toIso(Number(meta.demo_generated_at)) : null,
        counts,
        sources,
        polling: poller !== null,
      },
    };
  },
  async start(ctx) {
    const repo = waittimesRepository(ctx);
    if (ctx.config.DEMO_DATA) {
      // Bring the demo feed up to now after listening, not before: a restart answers at once.
      extendDemoFeed(repo).then(
        (added) => added > 0 && ctx.logger.info({ added }, "wait-time demo history extended to now"),
        (err) => ctx.logger.warn({ err }, "demo feed update failed"),
      );
    }
    if (!ctx.config.SCHEDULER) return;
    if (ctx.config.DEMO_DATA) {
      demoTimer = setInterval(() => {
        extendDemoFeed(repo).catch((err) => ctx.logger.warn({ err }, "demo feed update failed"));
      }, DEMO_TICK_MS);
      demoTimer.unref();
    }
    const sources = [...(await loadRegistry(repo)).sources.values()];
    const cadences = new Map(sources.map((s) => [s.id, s.cadence_seconds]));
    const targets = configuredTargets(ctx.config, cadences);
    if (targets.length === 0) return;
    poller = new Poller(repo, targets, {
      logger: ctx.logger,
      registry: ctx.metrics.prometheus,
      provinces: new Map(sources.map((s) => [s.id, s.province])),
    });
    poller.start();
    ctx.logger.info({ sources: targets.map((t) => t.sourceId) }, "wait-time polling started");
  },
  async stop() {
    if (demoTimer) clearInterval(demoTimer);
    demoTimer = null;
    await poller?.stop();
    poller = null;
  },
  registerCli: registerWaittimesCli,
});

export const waittimesModule: ServiceModule = createWaittimesModule();
