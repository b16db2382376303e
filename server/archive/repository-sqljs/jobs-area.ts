/** Sources and jobs of the sql.js archive repository. */
import { notFound } from "../../core/errors.js";
import type { Store } from "../../db/types.js";
import type { JobsRepository, SourcesRepository } from "../repository.js";
import * as jobs from "./jobs.js";
import * as ops from "./ops.js";
import { jobOut } from "./paths.js";
import * as sources from "./sources.js";

export function sqljsJobs(store: Store, root: string): SourcesRepository & JobsRepository {
  const job = (id: number) => jobOut(root, jobs.getJobRow(store, id));
  const present = (id: number) => {
    const row = job(id);
    if (!row) throw notFound(`archive job ${id} does not exist`);
    return row;
  };
  return {
    listSources: async () => sources.listSources(store),
    getSourceByCode: async (code) => sources.sourceByCode(store, code),
    getSourceById: async (id) => sources.sourceById(store, id),
    listSourceSummaries: async () => sources.listSourceSummaries(store),
    ensureSources: async (list, now) => {
      const missing = list.filter((s) => !sources.sourceByCode(store, s.code));
      if (missing.length) await store.write((tx) => sources.ensureSources(tx, missing, now));
    },
    setSourceBaseUrl: (code, url, now) => store.write((tx) => sources.setSourceBaseUrl(tx, code, url, now)),

    createJob: async (j, now) => present(await store.write((tx) => jobs.createJob(tx, root, j, now))),
    getJob: async (id) => job(id),
    listJobs: async (limit = 200) => jobs.listJobs(store, limit).map((r) => jobOut(root, r)),
    jobsWithStatus: async (status) => jobs.jobsWithStatus(store, status).map((r) => jobOut(root, r)),
    countJobsByStatus: async () => jobs.countJobsByStatus(store),
    claimNextJob: async (workerId, now) => {
      const id = await store.write((tx) => jobs.claimNextJob(tx, workerId, now));
      return id === undefined ? undefined : present(id);
    },
    transitionJob: async (id, trigger, now, maxRetries, patch = {}, claim) => {
      await store.write((tx) => jobs.transitionJob(tx, root, id, trigger, now, maxRetries, patch, claim));
      return present(id);
    },
    updateJobProgress: (id, patch, now, claim) =>
      store.write((tx) => jobs.updateJobProgress(tx, root, id, patch, now, claim)),
    markJobCleaned: (id, now) => store.write((tx) => ops.markJobCleaned(tx, id, now)),
    jobsOfSourceNamed: async (code, names) =>
      ops.jobsOfSourceNamed(store, code, names).map((r) => jobOut(root, r)),
    indexedJobCounts: async () => ops.indexedJobCounts(store),
  };
}
