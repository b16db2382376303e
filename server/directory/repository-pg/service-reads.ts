/**
 * Service records read from PostgreSQL, assembled by the same row mapping as on sql.js with a fixed
 * number of queries. Records come in the order they were first written (`row_order`), as sql.js
 * gives them in rowid order, so both backends list them alike.
 */
import type { DirectoryService, Tombstone } from "../../../shared/directory/index.js";
import type { LocationHolder, ServiceRecords } from "../repository.js";
import { type ChildRow, group, rowToService, type ServiceRow } from "../repository-sqljs/service-rows.js";
import { all, one, type Queryable } from "./queries.js";

export async function countLiveServices(q: Queryable): Promise<number> {
  return (await one<{ n: number }>(q, "SELECT COUNT(*) AS n FROM services WHERE deleted_at IS NULL"))?.n ?? 0;
}

export async function latestChange(q: Queryable): Promise<number> {
  return (await one<{ n: number }>(q, "SELECT COALESCE(MAX(change_seq), 0) AS n FROM services"))?.n ?? 0;
}

export async function countServices(q: Queryable): Promise<number> {
  return (await one<{ n: number }>(q, "SELECT COUNT(*) AS n FROM services"))?.n ?? 0;
}

export async function loadCatalogue(q: Queryable, onlyId?: string): Promise<ServiceRecords> {
  const params = onlyId ? [onlyId] : [];
  const only = (column: string) => (onlyId ? ` WHERE ${column} = $1` : "");
  const rows = await all<ServiceRow>(
    q,
    `SELECT s.*, o.name AS org_name FROM services s JOIN organizations o ON o.id = s.organization_id${only("s.id")}
     ORDER BY s.row_order`,
    params,
  );
  const phones = group(
    await all<{ service_id: string; number: string; description: string | null }>(
      q,
      `SELECT service_id, number, description FROM phones${only("service_id")} ORDER BY service_id, position`,
      params,
    ),
  );
  const locations = group(
    await all<ChildRow & { service_id: string }>(
      q,
      `SELECT sal.service_id, l.id, l.location_type, l.name, l.latitude, l.longitude, a.address_1, a.city, a.state_province, a.postal_code
       FROM service_at_location sal JOIN locations l ON l.id = sal.location_id LEFT JOIN addresses a ON a.location_id = l.id
       ${only("sal.service_id")} ORDER BY sal.service_id, sal.position`,
      params,
    ),
  );
  const schedules = group(
    await all<ChildRow & { service_id: string }>(
      q,
      `SELECT * FROM schedules${only("service_id")} ORDER BY service_id, position`,
      params,
    ),
  );
  const services: DirectoryService[] = [];
  const tombstones: Tombstone[] = [];
  const changes = new Map<string, number>();
  for (const r of rows) {
    changes.set(r.id, Number(r.change_seq));
    if (r.deleted_at) tombstones.push({ id: r.id, deleted: true, updatedAt: r.updated_at });
    else
      services.push(
        rowToService(r, phones.get(r.id) ?? [], locations.get(r.id) ?? [], schedules.get(r.id) ?? []),
      );
  }
  return { services, tombstones, changes };
}

/** Name of each organization asked for that exists. */
export async function organizationNames(q: Queryable, ids: string[]): Promise<Map<string, string>> {
  const rows = await all<{ id: string; name: string }>(
    q,
    "SELECT id, name FROM organizations WHERE id = ANY($1::text[])",
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The organization, live listing services and listed place of each given location id that exists. */
export async function locationHolders(q: Queryable, ids: string[]): Promise<Map<string, LocationHolder>> {
  if (!ids.length) return new Map();
  const rows = await all<{ id: string; organization_id: string; service_ids: string[] }>(
    q,
    `SELECT l.id, l.organization_id,
            COALESCE(array_agg(sal.service_id ORDER BY sal.service_id COLLATE "C") FILTER (WHERE sal.service_id IS NOT NULL), '{}') AS service_ids
       FROM locations l
       LEFT JOIN (service_at_location sal JOIN services s ON s.id = sal.service_id AND s.deleted_at IS NULL)
         ON sal.location_id = l.id
      WHERE l.id = ANY($1::text[]) GROUP BY l.id, l.organization_id`,
    [ids],
  );
  const holders = new Map<string, LocationHolder>();
  for (const r of rows) {
    const first = r.service_ids[0];
    const listed = first
      ? ((await loadCatalogue(q, first)).services[0]?.locations.find((l) => l.id === r.id) ?? null)
      : null;
    holders.set(r.id, { organizationId: r.organization_id, serviceIds: r.service_ids, listed });
  }
  return holders;
}

export async function serviceOrganization(q: Queryable, id: string): Promise<string | null> {
  return (
    (await one<{ organization_id: string }>(q, "SELECT organization_id FROM services WHERE id = $1", [id]))
      ?.organization_id ?? null
  );
}
