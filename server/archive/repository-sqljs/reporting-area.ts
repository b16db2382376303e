/** Changes, exports, usage, metrics figures, offline reads and task claims of the sql.js archive repository. */
import type { Store } from "../../db/types.js";
import type { ChangesRepository, ExportsRepository, OpsRepository, UsageRepository } from "../repository.js";
import * as changes from "./changes.js";
import * as exports from "./exports.js";
import * as ops from "./ops.js";
import { jobOut, snapshotOut } from "./paths.js";

export function sqljsReporting(
  store: Store,
  root: string,
): ChangesRepository & ExportsRepository & UsageRepository & OpsRepository {
  return {
    listChanges: async (f) => changes.listChanges(store, f),
    jobsAwaitingChanges: async () => changes.jobsAwaitingChanges(store),
    okSnapshotsOfJob: async (jobId) =>
      changes.okSnapshotsOfJob(store, jobId).map((s) => snapshotOut(root, s)),
    previousJobOf: async (sourceId, jobId, before) => changes.previousJobOf(store, sourceId, jobId, before),
    previousCapture: async (group, sourceId, jobId, before) =>
      snapshotOut(root, changes.previousCapture(store, group, sourceId, jobId, before)),
    pagesGoneSince: async (prev, jobId) =>
      changes.pagesGoneSince(store, prev, jobId).map((s) => snapshotOut(root, s)),
    recordChanges: (jobId, list, now) => store.write((tx) => changes.recordChanges(tx, jobId, list, now)),
    countRows: async (kind) => exports.countExportRows(store, kind),
    exportRows: async (kind, columns, f, after, limit) =>
      exports.exportRows(store, kind, columns, f, after, limit),
    addUsage: (counts) => store.write((tx) => exports.addUsage(tx, counts)),
    usageBetween: async (from, to) => exports.usageBetween(store, from, to),
    archiveFigures: async () => {
      const f = ops.archiveFigures(store);
      return { ...f, running: f.running.map((r) => jobOut(root, r)) };
    },
    exportableJobsOfEdition: async (id) => ops.exportableJobsOfEdition(store, id).map((j) => jobOut(root, j)),
    jobExportHead: async (id) => jobOut(root, ops.jobExportHead(store, id)),
    exportPages: async (jobIds, after, limit) => ops.exportPages(store, jobIds, after, limit),
    recordZimPath: (jobIds, file, now) => store.write((tx) => ops.recordZimPath(tx, jobIds, file, now)),
    claimScheduledRun: (task, slot) => store.write((tx) => ops.claimScheduledRun(tx, task, slot)),
  };
}
