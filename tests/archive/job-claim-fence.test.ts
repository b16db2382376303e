/**
 * A crawl's writes to its job row under its claim, on sql.js and PostgreSQL alike: made while the
 * job is still running under the claim the crawl took it with; Conflict, with nothing written,
 * once the job was failed, retried and claimed again.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { archiveModule } from "../../server/archive/index.js";
import { archivePgMigrations } from "../../server/archive/migrations/pg/index.js";
import type { ArchiveRepository } from "../../server/archive/repository.js";
import { archiveRepository } from "../../server/archive/repository-of.js";
import { createPgArchiveRepository } from "../../server/archive/repository-pg/index.js";
import { tmpDir } from "../helpers/archive/store-and-site.js";
import { type BackendPair, startBackendPair } from "../helpers/backend-pair.js";

let pair: BackendPair;
let backends: [string, ArchiveRepository][];

beforeAll(async () => {
  pair = await startBackendPair({
    schema: "archive",
    migrations: archiveModule.migrations,
    pgMigrations: archivePgMigrations,
  });
  const root = tmpDir("chc-claim-fence-");
  backends = [
    ["sql.js", archiveRepository(pair.store, root)],
    ["PostgreSQL", createPgArchiveRepository(pair.pool, root)],
  ];
}, 120_000);

afterAll(async () => {
  await pair?.close();
});

const at = (s: number) => `2026-03-01T08:00:${String(s).padStart(2, "0")}.000Z`;
const config = { seeds: ["https://example.org/"], zimit_passthrough_args: [], tool_options: {}, scope: {} };

it("writes a crawl's progress and end only while the job is still running under its claim", async () => {
  for (const [name, repo] of backends) {
    await repo.ensureSources(
      [
        {
          code: "demo",
          name: "Demo",
          base_url: null,
          description: null,
          name_fr: null,
          description_fr: null,
        },
      ],
      at(0),
    );
    const { id } = await repo.createJob({ sourceCode: "demo", name: `fence ${name}`, config }, at(0));
    const first = (await repo.claimNextJob("host-a:1", at(1)))!;
    const claim = { claimed_by: "host-a:1", started_at: first.started_at };
    await repo.updateJobProgress(id, { pages_crawled: 3 }, at(2), claim);

    await repo.transitionJob(id, "crawl_failed", at(3), 3, { crawler_stage: "interrupted" });
    await repo.transitionJob(id, "retry", at(4), 3);
    const second = (await repo.claimNextJob("host-b:2", at(5)))!;
    expect(second.id, name).toBe(id);

    await expect(repo.updateJobProgress(id, { pages_crawled: 9 }, at(6), claim), name).rejects.toThrow(
      /no longer this crawl's/,
    );
    await expect(repo.transitionJob(id, "crawl_succeeded", at(7), 3, {}, claim), name).rejects.toThrow(
      /no longer this crawl's/,
    );
    expect(await repo.getJob(id), name).toMatchObject({
      status: "running",
      claimed_by: "host-b:2",
      started_at: at(5),
      updated_at: at(5),
      pages_crawled: 3,
    });
    // The new claim's own writes go through.
    const theirs = { claimed_by: "host-b:2", started_at: at(5) };
    await repo.updateJobProgress(id, { pages_crawled: 4 }, at(8), theirs);
    expect(await repo.transitionJob(id, "crawl_succeeded", at(9), 3, {}, theirs), name).toMatchObject({
      status: "completed",
      pages_crawled: 4,
    });
  }
});
