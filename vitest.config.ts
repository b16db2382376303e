import { defineConfig } from "vitest/config";

// Unit, API and integration suites. Browser tests have their own config (vitest.browser.config.ts).
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
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
