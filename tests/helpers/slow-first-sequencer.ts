/**
 * Runs the known long files first. Vitest orders files by the durations it cached on earlier runs,
 * but a clean clone (CI) has no cache and falls back to file size, which starts the small but long
 * kill -9 and CLI files last: the run then waits minutes for them after everything else is done.
 * Longest first keeps every worker busy to the end. The lists only need the files that take
 * several times longer than the rest; the order among the others does not matter.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The first ones in the order of their durations in a full run (the JSON reporter's, load 12-23).
const SLOW_UNIT_FILES = [
  "tests/crash/journal-gaps.test.ts",
  "tests/crash/server-crash.test.ts",
  "tests/crash/crawl-full-disk.test.ts",
  "tests/crash/pg-backup-restore.test.ts",
  "tests/crash/server-update-crash.test.ts",
  "tests/crash/checkpoint-crash.test.ts",
  "tests/crash/crawl-kill.test.ts",
  "tests/directory/cli.test.ts",
  "tests/directory/accounts-and-edits.test.ts",
  // Runs every shell block of the guides: a score of CLI processes and `npm start`.
  "tests/docs/guides.test.ts",
  "tests/archive/search-memory-index.test.ts",
  // Two linters as child processes on the whole document (Spectral takes some 20 s).
  "tests/api/openapi-lint.test.ts",
  "tests/directory/cli-beside-server.test.ts",
  "tests/integration/process.test.ts",
  "tests/directory/invitations.test.ts",
  "tests/directory/login-parallel.test.ts",
  "tests/directory/sign-in-flood.test.ts",
  "tests/directory/login-throttle.test.ts",
  "tests/archive/jobs.test.ts",
  "tests/crash/full-disk-log.test.ts",
  "tests/directory/sign-in-journal-damage.test.ts",
  "tests/directory/hsds-import-links.test.ts",
  "tests/integration/module-migrations.test.ts",
  "server/directory/accounts/users.test.ts",
  "server/directory/hsds/hsds-io.test.ts",
  "tests/waittimes/cli.test.ts",
  "tests/directory/password-rehash.test.ts",
  "tests/crash/lock-race.test.ts",
  "tests/crash/store-crash.test.ts",
  "tests/archive/backup-restore.test.ts",
  "tests/archive/zim.test.ts",
  "tests/archive/kiwix.test.ts",
  "tests/archive/prometheus.test.ts",
  "tests/archive/maintenance-windows.test.ts",
  "tests/archive/e2e.test.ts",
  "tests/archive/editions.test.ts",
  "server/directory/repository-backends.test.ts",
  "server/waittimes/repository-backends.test.ts",
  "server/waittimes/migrations/reference-refresh.test.ts",
  "server/archive/repository-backends.test.ts",
  "tests/integration/copy-to-postgres.test.ts",
  "tests/archive/postgres.test.ts",
  "tests/archive/pg-autovacuum.test.ts",
  "tests/crash/copy-to-postgres-crash.test.ts",
  "server/archive/repository-pg/batched-writes.test.ts",
  // Wait for the demo crawl, or crawl the significance fixtures (or the marked page) twice.
  "tests/archive/changes-feed.test.ts",
  "tests/api/openapi-caching.test.ts",
  "tests/archive/significance.test.ts",
  "tests/archive/replay-marks.test.ts",
  // PostgreSQL: app processes on the run's shared cluster, a cluster of its own stopped and started.
  "tests/integration/pg-processes.test.ts",
  "tests/integration/pg-workers.test.ts",
  "tests/api/pg-faults.test.ts",
  "tests/integration/shared-pg-cluster.test.ts",
  "tests/waittimes/api-quality.test.ts",
  "tests/waittimes/api-hospitals.test.ts",
  "tests/waittimes/api-compare.test.ts",
  "tests/directory/api-read.test.ts",
];

// In the order of their durations in a full run (the JSON reporter's, on a busy 2-core machine, load 15-19);
// pages, french-content, observability-ops and waits-hospital placed by their durations measured
// alone since they share one tab per language (each about a third shorter).
const SLOW_BROWSER_FILES = [
  // Its history and storage checks run once per way of starting over (idle, Start over, quick exit).
  "tests/browser/kiosk-reset.test.ts",
  // 21 public pages in both languages, each loaded with 200% text.
  "tests/browser/large-text.test.ts",
  "tests/browser/announcements.test.ts",
  "tests/browser/archive-feeds.test.ts",
  "tests/browser/partner-invite.test.ts",
  "tests/browser/partner.test.ts",
  "tests/browser/takeaway.test.ts",
  "tests/browser/pages.test.ts",
  "tests/browser/french-content.test.ts",
  "tests/browser/observability-ops.test.ts",
  "tests/browser/kiosk-pin.test.ts",
  "tests/browser/waits-find.test.ts",
  "tests/browser/coverage.test.ts",
  "tests/browser/waits-benchmarks.test.ts",
  "tests/browser/waits-hospital.test.ts",
  "tests/browser/quick-exit.test.ts",
  "tests/browser/archive-changes.test.ts",
  "tests/browser/service-phones.test.ts",
  // Syncs the directory to four pages to search offline in both languages.
  "tests/browser/crisis-banner.test.ts",
  "tests/browser/directory.test.ts",
  "tests/browser/replay-live-leak.test.ts",
  "tests/browser/waits.test.ts",
  "tests/browser/partner-signin.test.ts",
  "tests/browser/directory-sync.test.ts",
  "tests/browser/partner-a11y.test.ts",
  "tests/browser/emergency-numbers.test.ts",
  "tests/browser/kiosk.test.ts",
  "tests/browser/waits-offline.test.ts",
  // One test waits out the 10 s the sync gives the page's own request for the registry.
  "tests/browser/first-paint.test.ts",
  "tests/browser/small-things.test.ts",
  "tests/browser/kiosk-idle.test.ts",
];

const rankOf = new Map([...SLOW_UNIT_FILES, ...SLOW_BROWSER_FILES].map((file, i) => [file, i]));

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const file = spec.moduleId.slice(spec.project.config.root.length + 1);
      return rankOf.get(file) ?? Number.POSITIVE_INFINITY;
    };
    // A stable sort: the listed files in list order, then the others as Vitest ordered them.
    return sorted
      .map((spec, i) => ({ spec, i, r: rank(spec) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
