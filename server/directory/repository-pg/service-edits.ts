/**
 * Service edits on PostgreSQL: under the service-write lock, read what the decision needs, decide,
 * write and audit, in one transaction (another process's edit of the same record waits its turn).
 */
import type pg from "pg";
import type { ServiceLookup, ServiceSnapshot, ServiceWrite } from "../repository.js";
import { recordDuplicateFlag, recordServiceChange } from "./audit-rows.js";
import { lockServiceWrites } from "./queries.js";
import { loadCatalogue, locationHolders, organizationNames } from "./service-reads.js";
import { markServiceDeleted, writeService } from "./service-writes.js";

async function snapshot(client: pg.ClientBase, lookup: ServiceLookup): Promise<ServiceSnapshot> {
  const own = await loadCatalogue(client, lookup.id);
  const current = own.services[0] ?? null;
  const all = lookup.withLive || !current ? (await loadCatalogue(client)).services : [];
  const ids = [...new Set([...lookup.organizationIds, ...(current ? [current.organizationId] : [])])];
  const names = await organizationNames(client, ids);
  return {
    current,
    retired: own.tombstones.length > 0,
    mergedInto: all.find((s) => s.mergedIds?.includes(lookup.id))?.id ?? null,
    organizationName: (id) => names.get(id) ?? id,
    live: lookup.withLive ? all : [],
    locationHolders: await locationHolders(client, [...new Set(lookup.locationIds ?? [])]),
  };
}

export async function editService<T>(
  client: pg.ClientBase,
  lookup: ServiceLookup,
  decide: (found: ServiceSnapshot) => ServiceWrite<T>,
): Promise<T> {
  await lockServiceWrites(client);
  const decided = decide(await snapshot(client, lookup));
  const { write, change } = decided;
  if ("save" in write) await writeService(client, write.save, change.at);
  else await markServiceDeleted(client, write.retire, change.at);
  await recordServiceChange(client, change);
  if (decided.duplicates?.length)
    await recordDuplicateFlag(client, {
      at: change.at,
      actor: change.actor,
      id: change.id,
      duplicates: decided.duplicates,
    });
  return decided.result;
}
