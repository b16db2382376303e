/** Editions, shards and decisions of the sql.js archive repository. */
import type { Store } from "../../db/types.js";
import type { EditionsRepository } from "../repository.js";
import * as editions from "./editions.js";
import { jobOut } from "./paths.js";
import * as shards from "./shards.js";

export function sqljsEditions(store: Store, root: string): EditionsRepository {
  return {
    getEdition: async (id) => editions.getEdition(store, id),
    findEdition: async (sourceId, year) => editions.findEdition(store, sourceId, year),
    listEditions: async (filter) => editions.listEditions(store, filter),
    ensureEdition: (sourceId, year, now) =>
      store.write((tx) => editions.ensureEdition(tx, sourceId, year, now)),
    setEditionLedger: (id, file, counts, now) =>
      store.write((tx) => editions.setEditionLedger(tx, id, file, counts, now)),
    sourceIdsWithEditionsBefore: async (year) => editions.sourceIdsWithEditionsBefore(store, year),
    isEditionPlanned: async (id) => editions.isEditionPlanned(store, id),
    markEditionStarted: (id, now) => store.write((tx) => editions.markEditionStarted(tx, id, now)),
    capturedPagesOfEdition: async (sourceId, year) => editions.capturedPagesOfEdition(store, sourceId, year),
    getCampaign: async (year) => editions.getCampaign(store, year),
    claimCampaign: (year, by, now) => store.write((tx) => editions.claimCampaign(tx, year, by, now)),
    finishCampaign: (year, summary, now) =>
      store.write((tx) => editions.finishCampaign(tx, year, summary, now)),
    editionJobs: async (id) => shards.editionJobs(store, id).map((j) => jobOut(root, j)),
    createShardJobs: (edition, list, now) =>
      store.write((tx) => shards.createShardJobs(tx, root, edition, list, now)),
    insertImportedJob: (edition, job) =>
      store.write((tx) => shards.insertImportedJob(tx, root, edition, job)),
    recordShardDecision: (d) => store.write((tx) => shards.recordShardDecision(tx, root, d)),
    decisionsOf: async (id) => shards.decisionsOf(store, id),
    snapshotsOfEdition: async (id) => shards.snapshotsOfEdition(store, id),
    duplicateOrigins: async (id) => shards.duplicateOrigins(store, id),
    saveRecount: (id, recount, now) => store.write((tx) => shards.saveRecount(tx, id, recount, now)),
    editionsOfYear: async (year) => editions.editionsOfYear(store, year),
    editionExportHead: async (id) => editions.editionExportHead(store, id),
  };
}
