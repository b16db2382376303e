/**
 * The archive service module (spec 001): crawls public-health sites into WARC files, indexes the
 * captures as snapshots with a full-text index, and replays them on their own port. Data:
 * `<DATA_DIR>/archive.sqlite` (rows), `<DATA_DIR>/archive/jobs/<id>/` (WARCs and crawl files).
 */
import path from "node:path";
import { type Clock, systemClock } from "../core/clock.js";
import type { AppRouter, ModuleContext, ServiceModule } from "../core/module.js";
import { registerArchiveCli } from "./cli/jobs.js";
import { type DemoState, runDemoCrawl, runSharedDemoCrawl } from "./crawl/demo-crawl.js";
import { ensureBuiltInSources } from "./crawl/sources-store.js";
import { mountChangesRoutes } from "./http/changes.js";
import { mountChangesFeedRoute } from "./http/changes-feed.js";
import { mountEditionRoutes } from "./http/editions.js";
import { mountExportRoutes } from "./http/exports.js";
import { mountMaintenanceRoute } from "./http/maintenance.js";
import { mountOpsRoutes } from "./http/ops.js";
import { mountSearchRoute } from "./http/search.js";
import { mountArchiveRoutes } from "./http/snapshots.js";
import { mountWaczRoutes } from "./http/wacz.js";
import { startHandoffInbox } from "./jobs/handoff.js";
import { handoffHandler } from "./jobs/handoff-handler.js";
import { archiveHeldFiles } from "./jobs/held-files.js";
import { startWorkerLoop } from "./jobs/worker-loop.js";
import {
  ARCHIVE_API_PATHS,
  type MaintenanceWindows,
  maintenanceGate,
  maintenanceWindows,
} from "./maintenance/windows.js";
import { schemaMigration } from "./migrations/001_schema.js";
import { builtInSourcesMigration } from "./migrations/002_built_in_sources.js";
import { searchChangesUsageMigration } from "./migrations/003_search_changes_usage.js";
import { demoSourceWordingMigration } from "./migrations/004_demo_source_wording.js";
import { sourceFrenchMigration } from "./migrations/005_source_french.js";
import { editionShardsMigration } from "./migrations/006_edition_shards.js";
import { sharedClaimsMigration } from "./migrations/007_shared_claims.js";
import { relativeWarcPathsMigration } from "./migrations/008_relative_warc_paths.js";
import { editionStatusMigration } from "./migrations/012_edition_status.js";
import { maintenanceWindowsMigration } from "./migrations/013_maintenance_windows.js";
import { changeSignificanceMigration } from "./migrations/015_change_significance.js";
import { captureRedirectsMigration } from "./migrations/019_capture_redirects.js";
import { archivePgMigrations } from "./migrations/pg/index.js";
import { createArchiveMetrics } from "./monitoring/metrics.js";
import { evaluateServiceLevels, serviceLevelStatus } from "./monitoring/service-levels.js";
import { UsageCounter } from "./monitoring/usage.js";
import { type ReplayServer, startReplayServer } from "./replay/replay-server.js";
import { repositoryOf } from "./repository-of.js";
import { archiveCopyPlan } from "./repository-pg/copy-plan.js";
import { archivePgMissing } from "./repository-pg/text-search-check.js";
import { searchIndexStatus, startSearchIndex } from "./search/search-index.js";
import { archiveSettings } from "./settings.js";
import { pingUrlSource } from "./tasks/ping-env-file.js";
import { archiveTasks } from "./tasks/registry.js";
import { startScheduler } from "./tasks/scheduler.js";
import type { TaskContext } from "./tasks/task-context.js";

export interface ArchiveModule extends ServiceModule {
  /** The replay listener's URL once started (tests and the search API build replay links from it). */
  replayUrl(): string | null;
  /** Resolves when the first-start demo crawl has finished (at once when none runs). */
  demoReady(): Promise<void>;
}

export interface ArchiveModuleOptions {
  /** Time as the maintenance flag sees it (tests move it by hand instead of waiting). */
  clock?: Clock;
}

/** One instance per server: it holds that server's replay listener and background work. */
export function createArchiveModule({ clock = systemClock }: ArchiveModuleOptions = {}): ArchiveModule {
  let replay: ReplayServer | null = null;
  let demo: { state: DemoState; error?: string; promise?: Promise<void> } = { state: "idle" };
  let controller = new AbortController();
  let worker: { stop(): Promise<void> } | null = null;
  let usage: UsageCounter | null = null;
  let maintenance: MaintenanceWindows | null = null;
  let router: AppRouter | null = null;
  let scheduler: { stop(): void } | null = null;
  let inbox: { stop(): void } | null = null;
  let searchIndex: { stop(): void } | null = null;
  const activeJobs = new Set<number>();
  // Links to replay use its public address when the deployment gives one (its own host name).
  let replayPublicUrl: string | undefined;
  const replayUrl = () => replayPublicUrl ?? replay?.url ?? null;
  // One counter per server start (the module object can outlive a store in tests and restarts).
  const usageOf = (ctx: ModuleContext) => {
    const repo = repositoryOf(ctx);
    if (!usage || usage.repo !== repo) usage = new UsageCounter(repo);
    return usage;
  };

  return {
    name: "archive",
    // Revisions 9 to 11, 14 and 16 to 18 exist on PostgreSQL only (search tables, ./migrations/pg/):
    // the next revision of both backends is 20.
    migrations: [
      schemaMigration,
      builtInSourcesMigration,
      searchChangesUsageMigration,
      demoSourceWordingMigration,
      sourceFrenchMigration,
      editionShardsMigration,
      sharedClaimsMigration,
      relativeWarcPathsMigration,
      editionStatusMigration,
      maintenanceWindowsMigration,
      changeSignificanceMigration,
      captureRedirectsMigration,
    ],
    pgMigrations: archivePgMigrations,
    copyPlan: archiveCopyPlan,
    replayUrl,
    demoReady: () => demo.promise ?? Promise.resolve(),
    mountRoutes(app, ctx) {
      router = app;
      maintenance = maintenanceWindows(repositoryOf(ctx), clock);
      // The archive's maintenance closes the archive's own routes only: wait times and the
      // directory keep answering.
      const gate = maintenanceGate(() => maintenance, clock);
      for (const prefix of ARCHIVE_API_PATHS) app.use(prefix, gate);
      const metrics = createArchiveMetrics(repositoryOf(ctx));
      mountArchiveRoutes(app, ctx, { replayUrl, usage: usageOf(ctx) });
      mountSearchRoute(app, ctx, { replayUrl, metrics, usage: usageOf(ctx) });
      mountChangesRoutes(app, ctx);
      mountChangesFeedRoute(app, ctx);
      mountEditionRoutes(app, ctx);
      mountExportRoutes(app, ctx, { usage: usageOf(ctx) });
      mountWaczRoutes(app, ctx, { usage: usageOf(ctx) });
      mountOpsRoutes(app, ctx, { metrics, usage: usageOf(ctx) });
      mountMaintenanceRoute(app, () => maintenance);
    },
    async seedDemo(ctx) {
      // Rows only; the crawl runs in the background from start() so the app answers at once.
      await ensureBuiltInSources(repositoryOf(ctx), new Date().toISOString());
    },
    // Spec 001 §8: degraded while an endpoint misses its latency or timeout targets.
    healthStatus: (ctx) => serviceLevelStatus(ctx.metrics),
    async healthDetails(ctx) {
      const repo = repositoryOf(ctx);
      const levels = evaluateServiceLevels(ctx.metrics);
      await maintenance?.refresh();
      const inMaintenance = maintenance?.current() ?? null;
      return {
        serviceLevels: levels,
        maintenance: inMaintenance ? { active: true, ...inMaintenance } : { active: false },
        jobs: await repo.countJobsByStatus(),
        snapshots: { total: await repo.countSnapshots() },
        archive: {
          replayUrl: replayUrl(),
          demo: { state: demo.state, ...(demo.error ? { error: demo.error } : {}) },
          searchIndex: searchIndexStatus(repo),
        },
      };
    },
    async start(ctx: ModuleContext) {
      const settings = archiveSettings(ctx.config);
      controller = new AbortController();
      const repo = repositoryOf(ctx);
      await ensureBuiltInSources(repo, new Date().toISOString());
      const { config } = ctx;
      replayPublicUrl = config.REPLAY_PUBLIC_URL;
      const appUrl = config.APP_PUBLIC_URL
        ? `${config.APP_PUBLIC_URL}/`
        : config.PORT
          ? `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${config.PORT}/`
          : null;
      usageOf(ctx).start();
      // The search index builds in its worker thread; FTS4 answers until it is ready, and while a
      // worker that died is replaced.
      searchIndex = startSearchIndex(
        repo,
        (err) => ctx.logger.error({ err }, "archive search worker failed"),
        // PostgreSQL searches by itself: the packed index is built from sql.js's FTS4 only.
        config.ARCHIVE_SEARCH_MEMORY_INDEX && ctx.database.kind === "sqljs",
        // Saved after each build and read back at the next start (rebuilt when stale or damaged).
        { file: path.join(config.DATA_DIR, "archive", "search-index.bin") },
      );
      replay = await startReplayServer({
        db: repo,
        host: config.HOST,
        port: config.REPLAY_PORT,
        appUrl: () => appUrl,
        onReplay: () => usageOf(ctx).count("replays"),
      });
      ctx.logger.info({ url: replay.url }, "archive replay listening");
      const taskCtx: TaskContext = {
        store: repo,
        dataDir: config.DATA_DIR,
        maxRetries: settings.maxRetries,
        request: async (p) => (router ? router.request(p) : new Response(null, { status: 503 })),
        replayUrl,
        now: () => new Date().toISOString(),
        editions: settings,
      };
      const tasks = archiveTasks(() => activeJobs);
      // Timers' `chc archive task` runs and ZIM paths come here while this process holds the database.
      inbox = startHandoffInbox(config.DATA_DIR, handoffHandler(repo, taskCtx, tasks), (err) =>
        ctx.logger.error({ err }, "archive request from the command line failed"),
      );
      const startWorker = () => {
        if (!config.SCHEDULER || controller.signal.aborted) return;
        worker = startWorkerLoop(
          repo,
          settings.maxRetries,
          5000,
          (err) => ctx.logger.error({ err }, "archive worker failed"),
          {
            onJobStart: (j) => activeJobs.add(j.id),
            onJobDone: (j) => activeJobs.delete(j.id),
          },
          config.DATA_DIR,
        );
        // With ARCHIVE_SCHEDULER=0 systemd timers run the nine pinged tasks; crawl recovery stays here.
        scheduler = startScheduler(
          tasks.filter((t) => config.ARCHIVE_SCHEDULER || t.pingVar === null),
          taskCtx,
          ctx.logger,
          pingUrlSource(config, ctx.logger),
        );
      };
      if (!config.DEMO_DATA || !settings.demoCrawl) return startWorker();
      demo = { state: "running" };
      const t0 = performance.now();
      // The worker starts after the demo so the two never run the same job. On PostgreSQL other
      // processes may share the database: one of them crawls, the others wait for its result.
      const crawlDemo = ctx.database.kind === "pg" ? runSharedDemoCrawl : runDemoCrawl;
      demo.promise = crawlDemo({
        store: repo,
        dataDir: config.DATA_DIR,
        maxRetries: settings.maxRetries,
        logger: ctx.logger,
        signal: controller.signal,
      })
        .then(
          () => {
            demo.state = "ready";
            ctx.logger.info({ ms: Math.round(performance.now() - t0) }, "archive demo crawl ready");
          },
          (err) => {
            demo = { state: "failed", error: String((err as Error).message ?? err) };
            ctx.logger.error({ err }, "archive demo crawl failed");
          },
        )
        .then(startWorker);
    },
    async stop() {
      controller.abort();
      scheduler?.stop();
      inbox?.stop();
      searchIndex?.stop();
      searchIndex = null;
      await demo.promise;
      await worker?.stop();
      await replay?.close();
      await usage?.stop();
      usage = null;
      replay = null;
      worker = null;
    },
    heldFiles: archiveHeldFiles,
    pgMissing: archivePgMissing,
    registerCli: registerArchiveCli,
  };
}

export const archiveModule: ArchiveModule = createArchiveModule();
