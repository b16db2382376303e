/**
 * Job folders and WARC paths live under a root several machines may share (ARCHIVE_WARC_DIR):
 * rows hold them relative to it, the repository answers them absolute under the root it was
 * given, rows from before keep their absolute paths, and migration 008 rewrites those under
 * the default root (and back on downgrade).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILT_IN_SOURCES } from "../../server/archive/crawl/sources-store.js";
import { archiveModule } from "../../server/archive/index.js";
import { archiveRepository, repositoryOf } from "../../server/archive/repository-of.js";
import { createSqljsArchiveRepository } from "../../server/archive/repository-sqljs/index.js";
import { loadConfig } from "../../server/core/config.js";
import { downgrade, upgrade } from "../../server/db/migrations.js";
import { createStore } from "../../server/db/store.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";

const NOW = "2026-03-01T08:00:00.000Z";
const config = { seeds: ["https://example.org/"], zimit_passthrough_args: [], tool_options: {}, scope: {} };
let env: Awaited<ReturnType<typeof openArchiveStore>>;

beforeEach(async () => {
  env = await openArchiveStore();
});
afterEach(async () => {
  await env.cleanup();
});

const raw = (id: number) =>
  env.store.get<{ output_dir: string; state_file_path: string; combined_log_path: string }>(
    "SELECT output_dir, state_file_path, combined_log_path FROM archive_jobs WHERE id = ?",
    [id],
  );

describe("WARC root", () => {
  it("stores a new job's folder relative to the root and answers it under each machine's mount", async () => {
    const shared = path.join(env.dataDir, "mnt", "warcs");
    const ctx = {
      database: { kind: "sqljs" as const, store: env.store },
      config: loadConfig({ DATA_DIR: env.dataDir, ARCHIVE_WARC_DIR: shared }),
    };
    const repo = repositoryOf(ctx);
    await repo.ensureSources(BUILT_IN_SOURCES, NOW);
    const job = await repo.createJob({ sourceCode: "demo", name: "j", config }, NOW);
    expect(job.output_dir).toBe(path.join(shared, "jobs", String(job.id)));
    expect(job.state_file_path).toBe(path.join(shared, "jobs", String(job.id), ".archive_state.json"));
    expect(raw(job.id)).toEqual({
      output_dir: `jobs/${job.id}`,
      state_file_path: `jobs/${job.id}/.archive_state.json`,
      combined_log_path: `jobs/${job.id}/captures.jsonl`,
    });
    // Another machine mounts the same folder elsewhere and reads the same row.
    const elsewhere = createSqljsArchiveRepository(env.store, "/srv/archive-warcs");
    expect((await elsewhere.getJob(job.id))!.output_dir).toBe(`/srv/archive-warcs/jobs/${job.id}`);
  });

  it("keeps reading a row whose path is absolute and outside the root as it is", async () => {
    const repo = archiveRepository(env.store);
    await repo.ensureSources(BUILT_IN_SOURCES, NOW);
    const job = await repo.createJob({ sourceCode: "demo", name: "j", config }, NOW);
    await env.store.write((tx) =>
      tx.run("UPDATE archive_jobs SET output_dir = '/old/disk/jobs/x' WHERE id = ?", [job.id]),
    );
    expect((await repo.getJob(job.id))!.output_dir).toBe("/old/disk/jobs/x");
    await repo.updateJobProgress(job.id, { output_dir: path.join(repo.warcRoot, "jobs", "moved") }, NOW);
    expect(raw(job.id)!.output_dir).toBe("jobs/moved");
  });
});

describe("migration 008", () => {
  it("rewrites rows under the old default root to relative paths, and back on downgrade", async () => {
    const all = archiveModule.migrations;
    // A data folder of its own, opened at revision 7 as an install from before the seam.
    const dir = path.join(env.dataDir, "before-the-seam");
    mkdirSync(dir);
    await env.store.close();
    env.store = await createStore({
      dataDir: dir,
      name: "archive",
      migrations: all.filter((m) => m.version <= 7),
    });
    const root = path.join(dir, "archive");
    const abs = (id: number) => path.join(root, "jobs", String(id));
    await env.store.write((tx) => {
      for (const [id, dirOf] of [
        [1, abs(1)],
        [2, "/elsewhere/jobs/2"],
      ] as const)
        tx.run(
          `INSERT INTO archive_jobs (id, source_id, name, output_dir, status, state_file_path, combined_log_path, cleanup_status, created_at, updated_at)
           VALUES (?, 1, ?, ?, 'indexed', ?, ?, 'none', ?, ?)`,
          [id, `job-${id}`, dirOf, `${dirOf}/.archive_state.json`, `${dirOf}/captures.jsonl`, NOW, NOW],
        );
      tx.run(
        `INSERT INTO snapshots (job_id, source_id, url, capture_timestamp, capture_backend, capture_fidelity, provenance_json, warc_path, is_duplicate, created_at, updated_at)
         VALUES (1, 1, 'https://example.org/', ?, 'node_warc', 'high', '{}', ?, 0, ?, ?)`,
        [NOW, `${abs(1)}/job1-00001.warc.gz`, NOW, NOW],
      );
    });
    const before = { one: raw(1), two: raw(2), warc: env.store.get("SELECT warc_path FROM snapshots") };

    // Up to 8 alone: later revisions have nothing to do with the paths.
    const upTo8 = all.filter((m) => m.version <= 8);
    expect(await upgrade(env.store, upTo8)).toEqual([8]);
    expect(raw(1)).toEqual({
      output_dir: "jobs/1",
      state_file_path: "jobs/1/.archive_state.json",
      combined_log_path: "jobs/1/captures.jsonl",
    });
    expect(raw(2)).toEqual(before.two);
    expect(env.store.get("SELECT warc_path FROM snapshots")).toEqual({
      warc_path: "jobs/1/job1-00001.warc.gz",
    });
    const repo = createSqljsArchiveRepository(env.store, root);
    expect((await repo.getJob(1))!.output_dir).toBe(abs(1));
    expect((await repo.getSnapshot(1))!.warc_path).toBe(`${abs(1)}/job1-00001.warc.gz`);

    await downgrade(env.store, upTo8);
    expect({ one: raw(1), two: raw(2), warc: env.store.get("SELECT warc_path FROM snapshots") }).toEqual(
      before,
    );
  });
});
