/**
 * `chc serve` (and `npm start`): one app process, or with WORKERS=N on PostgreSQL, a primary that
 * forks N app processes sharing one port (node:cluster hands connections to them in turn). The
 * primary serves nothing itself: it restarts a worker that dies (waiting longer each time one dies
 * before it could serve, so a database that refuses every start does not spin) and, on SIGTERM or
 * SIGINT, asks every worker to shut down gracefully and exits once they have.
 * A start that fails for a reason in the configuration (startup-problem.ts: a DATABASE_URL
 * PostgreSQL refuses, a port in use) is not retried: restarting cannot mend it, and a primary that
 * retried for ever would look alive to systemd while nothing listened. The worker prints the line
 * and exits with EX_CONFIG; the primary then stops the others and exits 1, as one process would.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { serveClusterMetrics } from "./core/cluster-metrics.js";
import { type Config, ConfigError } from "./core/config.js";
import { createLogger } from "./core/logger.js";
import { startupProblem } from "./core/startup-problem.js";
import { type StartOptions, startServer } from "./main.js";
import { allModules } from "./modules.js";

/**
 * V8 heap settings of each app process: a small young generation, and an old generation allowed
 * to grow 50% past what the last full collection kept (V8's default lets it reach several times
 * that). A worker keeps about 90 MB alive (most of it the directory catalogue); under the
 * benchmark's load (bench/postgres.ts) the defaults let it reach 330–450 MB resident, these keep
 * it near 235 MB. 20% kept it near 210 MB but its more frequent full collections doubled the
 * directory search's p99 (12 → 20–24 ms); search throughput did not change either way.
 */
const WORKER_HEAP_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=50"];
/** A worker that dies before it listens, or within this long after, counts as a failed start. */
const EARLY_DEATH_MS = 10_000;
/** Failed starts in a row after which the primary gives up (about three minutes of backing off). */
const MAX_FAILED_STARTS = 10;
/** sysexits.h's "configuration error": a worker's start failed for a reason restarting cannot mend. */
const EX_CONFIG = 78;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long workers get to finish their requests on shutdown before they are killed. */
const SHUTDOWN_GRACE_MS = 20_000;

export async function serve(config: Config, options: StartOptions = {}): Promise<void> {
  if (config.WORKERS > 1 && cluster.isPrimary) {
    const modules = options.modules ?? allModules;
    // A module still on sql.js would have every worker open the same file: only one may.
    const embedded = modules.filter((m) => !m.pgMigrations).map((m) => m.name);
    if (embedded.length)
      throw new ConfigError(
        `Invalid environment variable WORKERS=${config.WORKERS}: the ${embedded.join(", ")} module has no ` +
          "PostgreSQL backend yet and keeps its sql.js file, which one process only may open; use WORKERS=1",
      );
    runPrimary(config, options.logger ?? createLogger(config.LOG_LEVEL));
    return;
  }
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, options);
  } catch (err) {
    const problem = startupProblem(err, config);
    if (!problem) throw err;
    if (!cluster.isWorker) throw problem;
    process.stderr.write(`${problem.message}\n`);
    process.exit(EX_CONFIG);
  }
  const stop = (signal: string) => {
    process.stderr.write(`received ${signal}, shutting down\n`);
    running.close().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

function runPrimary(config: Config, logger: Logger): void {
  let stopping = false;
  let exitCode = 0;
  let restartDelayMs = 0;
  let failedStarts = 0;
  const startedAt = new Map<Worker, number>();
  /** When each worker began listening: one that never did failed to start, however long it took. */
  const listeningAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on("listening", (worker) => listeningAt.set(worker, Date.now()));

  cluster.on("exit", (worker, code, signal) => {
    const listened = listeningAt.get(worker);
    startedAt.delete(worker);
    listeningAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        logger.info("all workers stopped");
        logger.flush(() => process.exit(exitCode));
      }
      return;
    }
    if (code === EX_CONFIG) {
      logger.error(
        { pid: worker.process.pid },
        "a worker cannot start (the line before says what to fix); stopping",
      );
      stop("a configuration error", 1);
      return;
    }
    const failedStart = listened === undefined || Date.now() - listened < EARLY_DEATH_MS;
    failedStarts = failedStart ? failedStarts + 1 : 0;
    if (failedStarts >= MAX_FAILED_STARTS) {
      logger.error({ failedStarts }, "workers keep dying before they can serve; stopping");
      stop("repeated failed starts", 1);
      return;
    }
    restartDelayMs = failedStart ? Math.min(MAX_RESTART_DELAY_MS, restartDelayMs * 2 || 500) : 0;
    logger.warn(
      { pid: worker.process.pid, code, signal, restartInMs: restartDelayMs },
      "worker died; restarting it",
    );
    setTimeout(() => !stopping && fork(), restartDelayMs);
  });

  const stop = (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info({ signal, workers: startedAt.size }, "shutting down the workers");
    if (startedAt.size === 0) logger.flush(() => process.exit(exitCode));
    for (const worker of startedAt.keys()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill("SIGKILL");
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));

  // /metrics answers for every worker: the one scraped asks here (core/cluster-metrics.ts).
  serveClusterMetrics();

  cluster.setupPrimary({ execArgv: [...process.execArgv, ...WORKER_HEAP_FLAGS] });
  logger.info({ workers: config.WORKERS }, "starting the app workers");
  for (let i = 0; i < config.WORKERS; i++) fork();
}
