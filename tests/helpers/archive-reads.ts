/**
 * Every read of the archive repository's interface (search apart), gathered from one backend so a
 * test can compare two backends' answers with one `toEqual` per read.
 */
import type { ArchiveRepository } from "../../server/archive/repository.js";

/** Every read of the interface (search apart), over what the writes below leave. */
export async function everyRead(repo: ArchiveRepository) {
  const jobs = await repo.listJobs();
  const ids = jobs.map((j) => j.id);
  const first = (await repo.firstSnapshotId()) ?? 0;
  const editions = await repo.listEditions();
  const perJob = await Promise.all(
    ids.map(async (id) => ({
      job: await repo.getJob(id),
      captures: await repo.snapshotsOfJob(id),
      ok: await repo.okSnapshotsOfJob(id),
      records: [...(await repo.indexedRecordIds(id))].sort(),
      count: await repo.countSnapshotsOfJob(id),
      head: await repo.jobExportHead(id),
      warcs: await repo.warcExtents([id]),
    })),
  );
  const perEdition = await Promise.all(
    editions.map(async (e) => ({
      edition: await repo.getEdition(e.id),
      found: await repo.findEdition(e.source_id, e.year),
      planned: await repo.isEditionPlanned(e.id),
      jobs: await repo.editionJobs(e.id),
      decisions: await repo.decisionsOf(e.id),
      snapshots: await repo.snapshotsOfEdition(e.id),
      origins: [...(await repo.duplicateOrigins(e.id))],
      exportable: await repo.exportableJobsOfEdition(e.id),
      head: await repo.editionExportHead(e.id),
      pages: await repo.capturedPagesOfEdition(e.source_id, e.year),
    })),
  );
  const filters = { includeNon2xx: false, includeDuplicates: false, includeNoise: false };
  return {
    sources: await repo.listSources(),
    byCode: await repo.getSourceByCode("demo"),
    byId: await repo.getSourceById(1),
    summaries: await repo.listSourceSummaries(),
    jobs,
    queued: await repo.jobsWithStatus("queued"),
    byStatus: await repo.countJobsByStatus(),
    named: await repo.jobsOfSourceNamed("demo", ["crawl-1", "crawl-2", "none"]),
    indexedCounts: await repo.indexedJobCounts(),
    perJob,
    snapshots: await repo.countSnapshots(),
    maxId: await repo.maxSnapshotId(),
    warcs: await repo.warcExtents(),
    noWarcs: await repo.warcExtents([]),
    first,
    one: await repo.getSnapshot(first),
    neighbours: first ? await repo.snapshotNeighbours((await repo.getSnapshot(first + 1))!) : null,
    latest: await repo.latestCapturePerSource(),
    cards: (await repo.snapshotCards([first, first + 3, first + 40])).sort((a, b) => a.id - b.id),
    editions,
    perEdition,
    before2027: [...(await repo.sourceIdsWithEditionsBefore(2027))],
    ofYear: await repo.editionsOfYear(2026),
    campaign: await repo.getCampaign(2026),
    changes: await repo.listChanges({ ...filters, page: 1, pageSize: 50 }),
    updates: await repo.listChanges({
      ...filters,
      type: "updated",
      from: "2026-01-01",
      source: "demo",
      page: 1,
      pageSize: 5,
    }),
    awaiting: await repo.jobsAwaitingChanges(),
    previousJob: ids.length
      ? await repo.previousJobOf(4, Math.max(...ids), "2026-06-01T00:00:00.000Z")
      : null,
    gone: ids.length > 1 ? await repo.pagesGoneSince(Math.min(...ids), Math.max(...ids)) : null,
    exportCounts: [await repo.countRows("snapshots"), await repo.countRows("changes")],
    exported: await repo.exportRows(
      "snapshots",
      ["id", "url", "source_code", "language"],
      { ...filters, language: "fr" },
      0,
      10,
    ),
    exportedChanges: await repo.exportRows(
      "changes",
      ["id", "url", "change_type"],
      { ...filters, includeNoise: true },
      0,
      10,
    ),
    usage: await repo.usageBetween("2026-11-01", "2026-11-30"),
    figures: await repo.archiveFigures(),
    exportPages: await repo.exportPages(ids, 0, 5),
    counts: [...(await repo.pageCaptureCounts(["http://demo.example/en/topics/influenza/"], 1_000_000))],
    sourceIds: [
      await repo.sourceIdOf("demo"),
      await repo.sourceIdOf("none"),
      await repo.sourceIdOf(undefined),
    ],
  };
}
