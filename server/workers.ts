/**
 * `chc serve` (and `npm start`): one app process, or with WORKERS=N on PostgreSQL, a primary that
 * forks N app processes sharing one port (node:cluster hands connections to them in turn). The
 * primary serves nothing itself: it restarts a worker that dies (waiting longer each time one dies
 * soon after starting, so a database that refuses every start does not spin) and, on SIGTERM or
 * SIGINT, asks every worker to shut down gracefully and exits once they have.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { type Config, ConfigError } from "./core/config.js";
import { createLogger } from "./core/logger.js";
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
/** A worker that dies within this long of starting counts as a failed start. */
const EARLY_DEATH_MS = 10_000;
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
  const running = await startServer(config, options);
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
  let restartDelayMs = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        logger.info("all workers stopped");
        logger.flush(() => process.exit(0));
      }
      return;
    }
    restartDelayMs = lived < EARLY_DEATH_MS ? Math.min(MAX_RESTART_DELAY_MS, restartDelayMs * 2 || 500) : 0;
    logger.warn(
      { pid: worker.process.pid, code, signal, restartInMs: restartDelayMs },
      "worker died; restarting it",
    );
    setTimeout(() => !stopping && fork(), restartDelayMs);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: startedAt.size }, "shutting down the workers");
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill("SIGKILL");
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));

  cluster.setupPrimary({ execArgv: [...process.execArgv, ...WORKER_HEAP_FLAGS] });
  logger.info({ workers: config.WORKERS }, "starting the app workers");
  for (let i = 0; i < config.WORKERS; i++) fork();
}
