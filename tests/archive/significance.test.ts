/**
 * Significance levels against page pairs written for them (fixtures/significance-pairs.ts, three
 * or more per level in English and in French): each pair served as a real site, crawled twice
 * into WARC files, compared by `compute-changes`, and the stored level checked with its reason.
 * Also the backfill of migration 15 for changes stored before levels existed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeChanges } from "../../server/archive/changes/compute-changes.js";
import { significanceReason } from "../../server/archive/changes/significance.js";
import { serveSite } from "../../server/archive/crawl/demo-site/server.js";
import { archiveModule } from "../../server/archive/index.js";
import { crawlJob, indexJobById } from "../../server/archive/jobs/job-runner.js";
import { createJob } from "../../server/archive/jobs/jobs-store.js";
import { createStore } from "../../server/db/store.js";
import { SIGNIFICANCE_LEVELS } from "../../shared/archive/changes.js";
import { openArchiveStore, tmpDir } from "../helpers/archive/store-and-site.js";
import { SIGNIFICANCE_PAIRS } from "./fixtures/significance-pairs.js";

type Files = Map<string, { type: string; body: string }>;
const pathOf = (i: number) => `/site/pair-${i}.html`;
const site = (side: "before" | "after"): Files => {
  const files: Files = new Map();
  const links = SIGNIFICANCE_PAIRS.map((_, i) => `<a href="${pathOf(i)}">${i}</a>`).join(" ");
  files.set("/site/", { type: "text/html", body: `<html><title>Index</title><main>${links}</main></html>` });
  SIGNIFICANCE_PAIRS.forEach((p, i) => {
    files.set(pathOf(i), { type: "text/html; charset=utf-8", body: p[side] });
  });
  return files;
};

describe("significance of the fixture pairs, crawled and compared", () => {
  let env: Awaited<ReturnType<typeof openArchiveStore>>;
  let levels: Map<string, { significance: string; significance_facts: string | null; change_ratio: number }>;
  beforeAll(async () => {
    env = await openArchiveStore();
    const served = await serveSite(site("before"));
    try {
      const crawl = async (name: string) => {
        const job = await createJob(
          env.store,
          env.dataDir,
          {
            sourceCode: "demo",
            name,
            config: {
              seeds: [`${served.url}/site/`],
              zimit_passthrough_args: [],
              tool_options: { initial_workers: 2 },
              scope: { allow_private: true, delay_ms: 0 },
            },
          },
          new Date().toISOString(),
        );
        await crawlJob({ store: env.store, maxRetries: 3 }, job.id);
        await indexJobById({ store: env.store, maxRetries: 3 }, job.id);
      };
      await crawl("before");
      served.setFiles(site("after"));
      await crawl("after");
      await computeChanges(env.store, () => new Date().toISOString());
    } finally {
      await served.close();
    }
    const rows = env.store.all<{
      url: string;
      significance: string;
      significance_facts: string | null;
      change_ratio: number;
    }>(
      "SELECT url, significance, significance_facts, change_ratio FROM snapshot_changes WHERE change_type = 'updated'",
    );
    levels = new Map(rows.map((r) => [new URL(r.url).pathname, r]));
  }, 180_000);
  afterAll(() => env?.cleanup());

  it("has at least three pairs per level in each language", () => {
    for (const level of SIGNIFICANCE_LEVELS)
      for (const lang of ["en", "fr"])
        expect(
          SIGNIFICANCE_PAIRS.filter((p) => p.expected === level && p.lang === lang).length,
          `${level} ${lang}`,
        ).toBeGreaterThanOrEqual(3);
  });

  it.each(SIGNIFICANCE_PAIRS.map((p, i) => [p.name, p.expected, i] as const))(
    "%s → %s",
    (_name, expected, i) => {
      const row = levels.get(pathOf(i));
      expect(row, "the pair was stored as a change").toBeDefined();
      if (!row) return;
      expect(row.significance).toBe(expected);
      const facts = row.significance_facts ? JSON.parse(row.significance_facts) : null;
      expect(facts).not.toBeNull();
      expect(facts.shareChanged).toBeGreaterThanOrEqual(0);
      const reason = significanceReason(
        { type: "updated", level: row.significance as never, facts, changeRatio: row.change_ratio },
        SIGNIFICANCE_PAIRS[i].lang,
      );
      expect(reason.length).toBeGreaterThan(10);
      if (expected === "minor" || expected === "moderate")
        expect(facts.headingsTouched.length).toBeGreaterThan(0);
    },
  );

  it("writes the reason in plain words in both languages", () => {
    const facts = {
      shareChanged: 0.08,
      wordsChanged: 3,
      titleChanged: false,
      headingsAdded: [],
      headingsRemoved: [],
      headingsTouched: ["Prevention"],
    };
    const c = { type: "updated" as const, level: "minor" as const, facts, changeRatio: 0.1 };
    expect(significanceReason(c, "en")).toBe("A few words changed: 3 words, 8% of the text in “Prevention”.");
    expect(significanceReason(c, "fr")).toBe(
      "Quelques mots ont changé\u00a0: 3 mots, 8\u00a0% du texte dans «\u00a0Prevention\u00a0».",
    );
    const major = {
      ...c,
      level: "major" as const,
      facts: { ...facts, titleChanged: true, headingsAdded: ["Outbreak"] },
    };
    expect(significanceReason(major, "en")).toBe("The page title changed. Headings added: “Outbreak”.");
  });
});

describe("migration 15 backfills the levels of changes stored before it", () => {
  it("gives each stored change a level from its line counts", async () => {
    const dataDir = tmpDir("chc-significance-");
    const before = archiveModule.migrations.filter((m) => m.version < 15);
    const old = await createStore({ dataDir, name: "archive", migrations: before });
    const now = "2026-01-01T00:00:00.000Z";
    await old.write((tx) => {
      tx.run(
        "INSERT INTO archive_jobs (id, name, output_dir, status, queued_at, config, cleanup_status, created_at, updated_at) VALUES (1, 'j', '', 'indexed', ?, '{}', 'none', ?, ?)",
        [now, now, now],
      );
      const rows: [string, number, number, number, number][] = [
        ["updated", 1, 1, 0.1, 1],
        ["updated", 1, 1, 0.05, 0],
        ["updated", 4, 1, 0.2, 0],
        ["updated", 9, 9, 0.7, 0],
        ["new_page", 0, 0, 1, 0],
        ["removed", 0, 0, 1, 0],
      ];
      rows.forEach(([type, added, removed, ratio, noise], i) => {
        tx.run(
          `INSERT INTO snapshot_changes (job_id, normalized_url_group, url, change_type, summary, added_lines, removed_lines,
             change_ratio, high_noise, captured_at, computed_at) VALUES (1, ?, ?, ?, 's', ?, ?, ?, ?, ?, ?)`,
          [`https://e.example/${i}`, `https://e.example/${i}`, type, added, removed, ratio, noise, now, now],
        );
      });
    });
    await old.close();
    const store = await createStore({ dataDir, name: "archive", migrations: archiveModule.migrations });
    try {
      const got = store
        .all<{ significance: string; significance_facts: string | null }>(
          "SELECT significance, significance_facts FROM snapshot_changes ORDER BY id",
        )
        .map((r) => [r.significance, r.significance_facts]);
      expect(got).toEqual([
        ["noise", null],
        ["minor", null],
        ["moderate", null],
        ["major", null],
        ["major", null],
        ["major", null],
      ]);
    } finally {
      await store.close();
    }
  });
});
