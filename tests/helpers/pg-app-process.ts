/**
 * An app process for multi-process tests: `chc serve` with the wait-time and directory modules
 * (the archive's start-up and demo crawl would cost seconds these tests do not need), configured
 * from the environment like the real command, WORKERS included. APP_MODULES (a test-only variable)
 * narrows them, say to `directory` where the wait-time demo seed would cost seconds for nothing,
 * or names the archive, which only then runs (with /metrics).
 * Run: node --import tsx tests/helpers/pg-app-process.ts
 */
import { archiveModule } from "../../server/archive/index.js";
import { ConfigError, loadConfig } from "../../server/core/config.js";
import { directoryModule } from "../../server/directory/index.js";
import { waittimesModule } from "../../server/waittimes/index.js";
import { serve } from "../../server/workers.js";

const wanted = (process.env.APP_MODULES ?? "waittimes,directory").split(",");
const modules = [waittimesModule, directoryModule, archiveModule].filter((m) => wanted.includes(m.name));

try {
  await serve(loadConfig(), { modules, webRoot: null });
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
}
