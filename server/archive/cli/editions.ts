/**
 * `chc archive …` annual-edition commands: import-warc (legacy salvage), editions (list),
 * edition (one edition's shards and why each is in its state: the operator's view) and
 * shard accept|requeue|exclude (a decision recorded with who, when and why).
 */
import os from "node:os";
import type { Command } from "commander";
import { decideShard, requireEdition, type ShardAction } from "../editions/decisions.js";
import { importWarc } from "../editions/import-warc.js";
import type { ArchiveRepository } from "../repository.js";
import { repositoryOf } from "../repository-of.js";
import { archiveSettings } from "../settings.js";
import { action, fail, type GetContext, withReadOnlyArchive } from "./helpers.js";

const yearOf = (raw: string) => {
  const year = Number(raw);
  if (!Number.isInteger(year) || year < 1990 || year > 2100)
    fail(new Error(`--year must be a year between 1990 and 2100; got "${raw}"`));
  return year;
};

const operator = () => {
  try {
    return os.userInfo().username || "operator";
  } catch {
    return "operator";
  }
};

async function printEdition(db: ArchiveRepository, source: string, year: number) {
  const e = await requireEdition(db, source, year);
  const out = process.stdout;
  out.write(
    `${e.source_code} ${e.year}: ${e.status} (search ready: ${e.search_ready ? "yes" : "no"}, research ready: ${e.research_ready ? "yes" : "no"})\n` +
      `  ${e.intended_url_count} intended, ${e.captured_url_count} captured, ${e.failed_url_count} failed, ${e.excluded_url_count} excluded\n` +
      `  ledger: ${e.target_ledger_path ?? "not built yet"}\n  manifest: ${e.capture_manifest_path ?? "not written yet"}\n`,
  );
  const jobs = (await db.editionJobs(e.id)).filter((j) => !j.superseded_by);
  if (jobs.length)
    console.table(
      jobs.map((j) => ({
        shard: j.shard_key,
        kind: j.shard_kind,
        job: j.id,
        status: j.status,
        acceptance: j.acceptance_state,
        why: j.acceptance_reason ?? "",
      })),
    );
  const review = jobs.filter((j) => j.acceptance_state === "needs_review");
  if (review.length) {
    out.write("needs review:\n");
    for (const j of review) out.write(`  ${j.shard_key}: ${j.acceptance_reason}\n`);
  }
  const decisions = await db.decisionsOf(e.id);
  if (decisions.length) {
    out.write("decisions:\n");
    for (const d of decisions)
      out.write(
        `  ${d.decided_at} ${d.decided_by} ${d.action} ${d.shard_key} (${d.from_state} → ${d.to_state}): ${d.reason}\n`,
      );
  }
}

export function registerEditionsCli(archive: Command, getContext: GetContext) {
  archive
    .command("import-warc <files...>")
    .description(
      "Import WARC files from another crawler or an older system into an edition as a legacy-full-site job, then index them",
    )
    .requiredOption("--source <code>", "source code, e.g. hc or demo")
    .requiredOption("--year <year>", "edition year")
    .action(
      action(async (files: string[], opts: { source: string; year: string }) => {
        const ctx = await getContext();
        const job = await importWarc(
          repositoryOf(ctx),
          ctx.config.DATA_DIR,
          { source: opts.source, year: yearOf(opts.year), files },
          new Date().toISOString(),
          archiveSettings(ctx.config).maxRetries,
        );
        process.stdout.write(
          `imported ${files.length} file(s) into ${opts.source} ${opts.year} as job ${job.id} (${job.shard_key}): ${job.status}, ${job.indexed_page_count} snapshots\n`,
        );
        if (job.status !== "indexed") process.exitCode = 1;
      }),
    );

  archive
    .command("editions")
    .description("Annual editions and their coverage")
    .option("--source <code>", "only this source")
    .option("--year <year>", "only this year")
    .action(
      action(async (opts: { source?: string; year?: string }) => {
        // Read-only: works while the server holds the database.
        const rows = await withReadOnlyArchive(async (db) => {
          const source = opts.source ? await db.getSourceByCode(opts.source) : undefined;
          if (opts.source && !source) fail(new Error(`source "${opts.source}" does not exist`));
          return db.listEditions({ sourceId: source?.id, year: opts.year ? yearOf(opts.year) : undefined });
        });
        if (!rows.length) process.stdout.write("no editions\n");
        else
          console.table(
            rows.map((e) => ({
              source: e.source_code,
              year: e.year,
              status: e.status,
              intended: e.intended_url_count,
              captured: e.captured_url_count,
              failed: e.failed_url_count,
              excluded: e.excluded_url_count,
            })),
          );
      }),
    );

  archive
    .command("edition")
    .description(
      "One edition: counts, every shard with its acceptance state and why, and the decisions taken",
    )
    .requiredOption("--source <code>", "source code")
    .requiredOption("--year <year>", "edition year")
    .action(
      action(async (opts: { source: string; year: string }) => {
        await withReadOnlyArchive((db) => printEdition(db, opts.source, yearOf(opts.year)));
      }),
    );

  const shard = archive
    .command("shard")
    .description("Decide on one shard of an edition (recorded with who, when and why)");
  for (const [name, what] of [
    ["accept", "Accept the shard as archived, with its gaps"],
    ["requeue", "Crawl the shard again with a fresh job"],
    ["exclude", "Drop the shard from the edition (for example, the section left the site)"],
  ] as const) {
    shard
      .command(name)
      .description(what)
      .requiredOption("--source <code>", "source code")
      .requiredOption("--year <year>", "edition year")
      .requiredOption("--shard <key>", "shard key, as `archive edition` lists it")
      .requiredOption("--reason <text>", "why (1 to 500 characters)")
      .option("--by <name>", "who decides (default: the system user)")
      .action(
        action(async (opts: { source: string; year: string; shard: string; reason: string; by?: string }) => {
          const ctx = await getContext();
          const r = await decideShard(
            repositoryOf(ctx),
            ctx.config.DATA_DIR,
            {
              source: opts.source,
              year: yearOf(opts.year),
              shardKey: opts.shard,
              action: name as ShardAction,
              reason: opts.reason,
              by: opts.by ?? operator(),
            },
            new Date().toISOString(),
          );
          process.stdout.write(
            `shard ${opts.shard} of ${opts.source} ${opts.year}: ${name} recorded (was ${r.job.acceptance_state})` +
              `${r.newJobId ? `; job ${r.newJobId} queued` : ""}; edition now ${r.edition.status}\n`,
          );
        }),
      );
  }
}
