/**
 * The directory repository on the durable sql.js store: reads answer from memory, and each write
 * method is one `store.write` (one journal record, resolved once durable).
 */
import type { Store } from "../../db/types.js";
import type { DirectoryRepository } from "../repository.js";
import { sqljsAccounts } from "./accounts.js";
import { readAuditLog, serviceOrganization } from "./audit-rows.js";
import { sqljsImports } from "./bulk-writes.js";
import { sqljsIncidents } from "./incidents.js";
import { sqljsInvitations } from "./invitations.js";
import { editService } from "./service-edits.js";
import { countLiveServices, latestChange, loadCatalogue } from "./service-rows.js";
import { memorySignInLimits } from "./sign-in-limits.js";

export function createSqljsDirectoryRepository(store: Store): DirectoryRepository {
  return {
    ...sqljsAccounts(store),
    ...sqljsInvitations(store),
    ...sqljsIncidents(store),
    ...sqljsImports(store),
    ...memorySignInLimits(),
    // One process serves sql.js: every scheduled tick is its own.
    claimTaskSlot: async () => true,
    loadServices: async (onlyId) => loadCatalogue(store, onlyId),
    countLiveServices: async () => countLiveServices(store),
    latestChange: async () => latestChange(store),
    editService: (lookup, decide) => store.write((tx) => editService(tx, lookup, decide)),
    auditLog: async (opts) => readAuditLog(store, opts),
    serviceOrganization: async (id) => serviceOrganization(store, id),
    dataVersion: async () => store.dataVersion,
    check: async () => store.check(),
  };
}
