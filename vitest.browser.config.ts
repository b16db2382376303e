import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./tests/helpers/slow-first-sequencer.js";

// Browser tests: real Chromium (playwright-core) against the built app served by the real server.
// The app is built once (globalSetup); then three files run at a time, each with its own server on
// a loopback port and its own browser contexts in its worker's one Chromium (launched once, not per
// file). Much of a browser test is waiting on the page: with two at a time a 2-core machine still
// sat idle about 4% of the run, which a third fills (the run took 301 s against 310–313 s).
// BROWSER_TEST_WORKERS=1 runs them one by one.
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    globalSetup: ["tests/browser/helpers/global-setup.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Files share a worker's loaded modules (the server and playwright) instead of a new process
    // each; every file closes its own browser contexts and server.
    isolate: false,
    maxWorkers: Number(process.env.BROWSER_TEST_WORKERS ?? 3),
    sequence: { concurrent: false, sequencer: SlowFirstSequencer },
    // A page answers in milliseconds on a quiet machine but can take seconds when the machine is
    // busy; a poll gives up after 10 s rather than Vitest's default 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
