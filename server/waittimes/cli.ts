/**
 * `chc waittimes …`: import a recorded feed file, poll the configured feeds, write demo history.
 * Output is JSON on stdout so scripts can read it; the exit code is 1 when nothing was imported
 * because of an error (strict rejection, unreadable file, unknown source).
 */
import { readFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import type { Command } from "commander";
import type { ModuleContext } from "../core/module.js";
import { seedWaittimesDemo } from "./demo-seed.js";
import { loadRegistry } from "./hospital-registry.js";
import { ingestFeed } from "./ingest.js";
import { parseFromDate, setMethodologyOverride } from "./methodology-override.js";
import { SOURCE_IDS } from "./parsers/index.js";
import { configuredTargets, envName, Poller } from "./poller.js";
import { waittimesRepository } from "./repository-of.js";

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

export function registerWaittimesCli(program: Command, getContext: () => Promise<ModuleContext>) {
  const wt = program
    .command("waittimes")
    .description("Wait-time observatory: import feeds, poll sources, demo data");

  wt.command("import")
    .description("Import one recorded feed file (idempotent; bad rows reported with line numbers)")
    .requiredOption("--source <id>", `source id: ${SOURCE_IDS.join(", ")}`)
    .option("--strict", "import nothing if any row is bad")
    .argument("<file>", "feed file in the source's published format")
    .action(async (file: string, opts: { source: string; strict?: boolean }) => {
      if (!SOURCE_IDS.includes(opts.source)) {
        process.stderr.write(`Unknown --source "${opts.source}". Allowed: ${SOURCE_IDS.join(", ")}\n`);
        process.exitCode = 1;
        return;
      }
      const text = readFileSync(file, "utf8");
      const ctx = await getContext();
      const report = await ingestFeed(waittimesRepository(ctx), {
        sourceId: opts.source,
        kind: "import",
        text,
        fileName: path.basename(file),
        strict: opts.strict,
      });
      print(report);
      if (report.outcome === "failed" || report.outcome === "rejected") process.exitCode = 1;
    });

  wt.command("poll")
    .description(
      `Poll each source whose URL is configured (${SOURCE_IDS.map(envName).join(", ")}) on its cadence`,
    )
    .option("--once", "poll every configured source once, then exit")
    .action(async (opts: { once?: boolean }) => {
      const repo = waittimesRepository(await getContext());
      const cadences = new Map(
        [...(await loadRegistry(repo)).sources.values()].map((s) => [s.id, s.cadence_seconds]),
      );
      const targets = configuredTargets((await getContext()).config, cadences);
      if (targets.length === 0) {
        process.stderr.write(
          `Polling is off: no source URL configured. Set one of ${SOURCE_IDS.map(envName).join(", ")}.\n`,
        );
        return;
      }
      const poller = new Poller(repo, targets);
      if (opts.once) {
        print(await poller.pollAllOnce());
        await poller.stop();
        return;
      }
      poller.start();
      await new Promise<void>((resolve) => {
        process.once("SIGINT", resolve);
        process.once("SIGTERM", resolve);
      });
      await poller.stop();
    });

  wt.command("refused")
    .description(
      "List the feed rows refused by validation (unknown or renamed hospital, bad value, conflicting duplicate), newest run first",
    )
    .option("--source <id>", `only this source: ${SOURCE_IDS.join(", ")}`)
    .option("--days <n>", "runs of the last n days", "7")
    .option("--limit <n>", "at most this many rows", "200")
    .action(async (opts: { source?: string; days: string; limit: string }) => {
      if (opts.source && !SOURCE_IDS.includes(opts.source)) {
        process.stderr.write(`Unknown --source "${opts.source}". Allowed: ${SOURCE_IDS.join(", ")}\n`);
        process.exitCode = 1;
        return;
      }
      const days = Number(opts.days);
      const limit = Number(opts.limit);
      if (!(Number.isInteger(days) && days > 0) || !(Number.isInteger(limit) && limit > 0)) {
        process.stderr.write("--days and --limit must be whole numbers of 1 or more\n");
        process.exitCode = 1;
        return;
      }
      const repo = waittimesRepository(await getContext());
      const from = Math.floor(Date.now() / 1000) - days * 86_400;
      const rows = await repo.refusedRowsSince(from, opts.source ?? null, limit);
      print(
        rows.map((r) => ({
          run: r.run_id,
          source: r.source_id,
          kind: r.kind,
          at: new Date(r.finished_at * 1000).toISOString(),
          file: r.file_name,
          line: r.line,
          reason: r.reason,
        })),
      );
    });

  wt.command("override")
    .description(
      "Record a change of one hospital's methodology fields from a date on (\"source\" restores the source's value); readings observed before keep the methodology then in force",
    )
    .argument("<hospital>", "hospital id or slug")
    .option("--metric-family <value>")
    .option("--start-event <value>")
    .option("--end-event <value>")
    .option("--statistic-type <value>")
    .option(
      "--from <YYYY-MM-DD>",
      "the day (from midnight UTC) the change took effect; today or earlier (default: now)",
    )
    .option("--by <name>", "who enters the change, kept with it (default: the user running the command)")
    .action(async (hospital: string, opts: Record<string, string>) => {
      const map: Record<string, string> = {
        metricFamily: "metric_family",
        startEvent: "start_event",
        endEvent: "end_event",
        statisticType: "statistic_type",
      };
      const fields = Object.fromEntries(
        Object.entries(opts)
          .filter(([k]) => k in map)
          .map(([k, v]) => [map[k], v === "source" ? null : v]),
      );
      const ctx = await getContext();
      try {
        if (Object.keys(fields).length === 0)
          throw new Error("give at least one methodology field to change");
        const from = opts.from === undefined ? undefined : parseFromDate(opts.from);
        const by = opts.by ?? process.env.USER ?? userInfo().username;
        const repo = waittimesRepository(ctx);
        const h = await setMethodologyOverride(repo, hospital, fields, { from, by });
        const iso = (t: number) => new Date(t * 1000).toISOString();
        print({
          id: h.id,
          methodology: h.methodology,
          methodology_overridden: h.methodology_overridden,
          methodology_history: h.methodology_history.map((p) => ({
            from: p.from === null ? null : new Date(p.from * 1000).toISOString(),
            methodology: p.methodology,
          })),
          // Every change recorded for it, as entered (never rewritten).
          recorded_changes: (await repo.listMethodologyChanges())
            .filter((c) => c.hid === h.hid)
            .map((c) => ({
              from: iso(c.effective_from),
              fields: c.override,
              entered_at: iso(c.entered_at),
              entered_by: c.entered_by,
            })),
        });
      } catch (err) {
        process.stderr.write(`${(err as Error).message}\n`);
        process.exitCode = 1;
      }
    });

  wt.command("seed")
    .description("Write the deterministic demo history (only into an empty wait-time database)")
    .option(
      "--scale <scale>",
      "small (quick first start) or large (3 million+ measurements, for the benchmark)",
      "small",
    )
    .action(async (opts: { scale: string }) => {
      if (opts.scale !== "small" && opts.scale !== "large") {
        process.stderr.write(`--scale must be small or large, not "${opts.scale}"\n`);
        process.exitCode = 1;
        return;
      }
      const ctx = await getContext();
      print(await seedWaittimesDemo(waittimesRepository(ctx), opts.scale));
    });
}
