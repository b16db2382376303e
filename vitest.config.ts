import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./tests/helpers/slow-first-sequencer.js";

// Unit, API and integration suites. Browser tests have their own config (vitest.browser.config.ts).
// Vitest would run one file at a time on 2 cores (cores − 1); most of these files wait on real
// servers, child processes and fsync rather than the CPU, so four at a time finish much sooner.
export default defineConfig({
  test: {
    include: [
      "server/**/*.test.ts",
      "shared/**/*.test.ts",
      "tests/**/*.test.ts",
      "sw/**/*.test.ts",
      "web/**/*.test.ts",
    ],
    exclude: ["tests/browser/**", "node_modules/**", "dist/**"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    // Every answer the API and integration tests receive is checked against the served OpenAPI document.
    // Temporary folders made through tests/helpers/scratch-dir.ts are removed after each file.
    setupFiles: ["tests/helpers/openapi-fetch-check.ts", "tests/helpers/scratch-dir-cleanup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Files share a worker's loaded modules instead of a new process each: importing the server
    // was a third of the suite's CPU time. Test files must leave no global state behind (servers
    // closed, process.env restored); the modules' own state is per store, not per process.
    isolate: false,
    sequence: { sequencer: SlowFirstSequencer },
    maxWorkers: Number(process.env.TEST_WORKERS ?? 4),
  },
});
