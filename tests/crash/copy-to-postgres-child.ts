/**
 * Child process of copy-to-postgres-crash.test.ts: copies the archive of DATA_DIR (argv[2]) into
 * the PostgreSQL database argv[3] with batches of two, printing "batch" on standard output after
 * each committed batch of search entries, so the test can kill it with SIGKILL mid-copy.
 */

import { archiveCopyPlan } from "../../server/archive/repository-pg/copy-plan.js";
import { copyToPostgres } from "../../server/db/copy-to-postgres.js";
import { createStore } from "../../server/db/store.js";

const [dataDir, url] = process.argv.slice(2);
const quiet = { info() {}, warn() {}, error() {} };
const store = await createStore({ dataDir, name: "archive", logger: quiet, readOnly: true });
let entries = false;
await copyToPostgres({
  url,
  modules: [{ name: "archive", store }],
  plans: { archive: archiveCopyPlan({ DATA_DIR: dataDir, ARCHIVE_WARC_DIR: undefined }) },
  batchSize: 2,
  progress: {
    start(what) {
      entries = what.includes("search entries");
    },
    advance() {
      if (entries) process.stdout.write("batch\n");
    },
    finish() {},
    say() {},
  },
});
await store.close();
process.stdout.write("done\n");
