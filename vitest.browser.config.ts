import { defineConfig } from "vitest/config";

// Browser tests: real Chromium (playwright-core) against the built app served by the real server.
// One file at a time: each launches a browser and a server on a 2-core machine.
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
  },
});
