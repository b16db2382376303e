/**
 * Two node:cluster workers behind the primary's metrics collection (server/core/cluster-metrics.ts),
 * for tests/integration/cluster-metrics.test.ts: the "serving" worker answers GET /metrics on
 * METRICS_PORT; the "stalled" one listens, then blocks its event loop for STALL_MS, as a worker busy
 * with a long synchronous task does. Each counts 3 searches.
 * Run: node --import tsx tests/helpers/cluster-metrics-app.ts
 */
import cluster from "node:cluster";
import http from "node:http";
import { Counter, Registry } from "prom-client";
import {
  deploymentMetrics,
  serveClusterMetrics,
  shareWithCluster,
} from "../../server/core/cluster-metrics.js";

if (cluster.isPrimary) {
  serveClusterMetrics();
  cluster.fork({ ROLE: "serving" });
  cluster.fork({ ROLE: "stalled" });
  process.on("SIGTERM", () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill();
    process.exit(0);
  });
} else {
  const registry = new Registry();
  new Counter({ name: "archive_search_requests_total", help: "searches", registers: [registry] }).inc(3);
  shareWithCluster(() => registry);
  const server = http.createServer(async (_req, res) => {
    try {
      const { text } = await deploymentMetrics(() => registry);
      res.end(text);
    } catch (err) {
      res.statusCode = 503;
      res.end((err as Error).message);
    }
  });
  if (process.env.ROLE === "serving") {
    server.listen({ port: Number(process.env.METRICS_PORT), host: "127.0.0.1" }, () =>
      process.stdout.write("serving\n"),
    );
  } else {
    // Stalls a little after listening, as a worker that has served for a while does.
    server.listen({ port: 0, host: "127.0.0.1" }, () =>
      setTimeout(() => {
        process.stdout.write("stalled\n");
        const until = Date.now() + Number(process.env.STALL_MS);
        while (Date.now() < until) {
          // A long synchronous task: nothing else runs in this process meanwhile.
        }
      }, 500),
    );
  }
}
