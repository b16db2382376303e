/**
 * The directory repository on PostgreSQL (schema `directory`, see migrations/pg/): reads go to the
 * pool; each write method is one transaction, acknowledged once PostgreSQL has committed it.
 * `dataVersion` is a sequence every write bumps, so each process's caches see every process's writes.
 */
import type pg from "pg";
import { claimTaskSlot } from "../../db/pg/task-slots.js";
import type { DirectoryRepository } from "../repository.js";
import { pgAccounts } from "./accounts.js";
import { readAuditLog } from "./audit-rows.js";
import { pgImports } from "./bulk-writes.js";
import { pgIncidents } from "./incidents.js";
import { pgInvitations } from "./invitations.js";
import { one, writeIn } from "./queries.js";
import { editService } from "./service-edits.js";
import { countLiveServices, latestChange, loadCatalogue, serviceOrganization } from "./service-reads.js";
import { pgSignInLimits } from "./sign-in-limits.js";

export function createPgDirectoryRepository(pool: pg.Pool): DirectoryRepository {
  const write = writeIn(pool);
  return {
    ...pgAccounts(pool),
    ...pgInvitations(pool),
    ...pgIncidents(pool),
    ...pgImports(pool),
    ...pgSignInLimits(pool),
    claimTaskSlot: (task, slot) => claimTaskSlot(pool, task, slot),
    loadServices: (onlyId) => loadCatalogue(pool, onlyId),
    countLiveServices: () => countLiveServices(pool),
    latestChange: () => latestChange(pool),
    editService: (lookup, decide) => write((client) => editService(client, lookup, decide)),
    auditLog: (opts) => readAuditLog(pool, opts),
    serviceOrganization: (id) => serviceOrganization(pool, id),
    // A refused or lost connection is an answer here, not an error: the watchdog reports it.
    check: () =>
      pool.query("SELECT 1").then(
        () => true,
        () => false,
      ),
    async dataVersion() {
      const row = await one<{ v: number }>(
        pool,
        "SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM data_version",
      );
      return row?.v ?? 0;
    },
  };
}
