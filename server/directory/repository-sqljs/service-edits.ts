/** Service edits on sql.js: read what the decision needs, decide, write, audit, in one transaction. */
import type { Tx } from "../../db/types.js";
import type { LocationHolder, ServiceLookup, ServiceSnapshot, ServiceWrite } from "../repository.js";
import { recordDuplicateFlag, recordServiceChange } from "./audit-rows.js";
import { loadCatalogue, markServiceDeleted, writeService } from "./service-rows.js";

function snapshot(tx: Tx, lookup: ServiceLookup): ServiceSnapshot {
  const own = loadCatalogue(tx, lookup.id);
  const current = own.services[0] ?? null;
  const all = lookup.withLive || !current ? loadCatalogue(tx).services : [];
  const names = new Map<string, string>();
  for (const id of new Set([...lookup.organizationIds, ...(current ? [current.organizationId] : [])])) {
    const row = tx.get<{ name: string }>("SELECT name FROM organizations WHERE id = ?", [id]);
    if (row) names.set(id, row.name);
  }
  const locationHolders = new Map<string, LocationHolder>();
  for (const id of new Set(lookup.locationIds ?? [])) {
    const row = tx.get<{ organization_id: string }>("SELECT organization_id FROM locations WHERE id = ?", [
      id,
    ]);
    if (!row) continue;
    const listing = tx.all<{ service_id: string }>(
      `SELECT sal.service_id FROM service_at_location sal JOIN services s ON s.id = sal.service_id
        WHERE sal.location_id = ? AND s.deleted_at IS NULL ORDER BY sal.service_id`,
      [id],
    );
    const serviceIds = listing.map((r) => r.service_id);
    const listed = serviceIds.length
      ? (loadCatalogue(tx, serviceIds[0]).services[0]?.locations.find((l) => l.id === id) ?? null)
      : null;
    locationHolders.set(id, { organizationId: row.organization_id, serviceIds, listed });
  }
  return {
    current,
    retired: own.tombstones.length > 0,
    mergedInto: all.find((s) => s.mergedIds?.includes(lookup.id))?.id ?? null,
    organizationName: (id) => names.get(id) ?? id,
    live: lookup.withLive ? all : [],
    locationHolders,
  };
}

export function editService<T>(
  tx: Tx,
  lookup: ServiceLookup,
  decide: (found: ServiceSnapshot) => ServiceWrite<T>,
): T {
  const decided = decide(snapshot(tx, lookup));
  const { write, change } = decided;
  if ("save" in write) writeService(tx, write.save, change.at);
  else markServiceDeleted(tx, write.retire, change.at);
  recordServiceChange(tx, change);
  if (decided.duplicates?.length)
    recordDuplicateFlag(tx, {
      at: change.at,
      actor: change.actor,
      id: change.id,
      duplicates: decided.duplicates,
    });
  return decided.result;
}
