/**
 * The catalogue seen through HSDS: published UUIDs back to our records, organizations (grouped
 * from their services), service_at_location links in reading order, and each service's taxonomy
 * terms. Rebuilt lazily whenever the catalogue changes (its generation moves), so a request
 * never reads SQL and never sees a half-updated view.
 */
import type { DirectoryService } from "../../../shared/directory/index.js";
import type { Catalogue } from "../catalogue.js";
import { hsdsId, isUuid } from "./ids.js";
import { termsForService } from "./taxonomy.js";

export interface LinkRef {
  service: DirectoryService;
  /** Position of the location in the service's list. */
  index: number;
}

export interface OrganizationEntry {
  id: string;
  name: string;
  /** Its live services, by name. */
  services: DirectoryService[];
}

export class HsdsView {
  private generation = -1;
  private serviceByUuid = new Map<string, string>();
  private linkList: LinkRef[] = [];
  private linkByKey = new Map<string, LinkRef>();
  private orgList: OrganizationEntry[] = [];
  private orgByKey = new Map<string, OrganizationEntry>();
  private termIds = new Map<string, Set<string>>();

  constructor(readonly catalogue: Catalogue) {}

  private fresh(): this {
    if (this.generation === this.catalogue.generation) return this;
    this.generation = this.catalogue.generation;
    this.serviceByUuid = new Map();
    this.linkList = [];
    this.linkByKey = new Map();
    this.termIds = new Map();
    const orgs = new Map<string, OrganizationEntry>();
    for (const record of this.catalogue.sortedByUpdate()) {
      this.serviceByUuid.set(hsdsId("service", record.id), record.id);
      // A merged-away record's published id still names it (the route answers with the merged one).
      if ("mergedIds" in record)
        for (const old of record.mergedIds ?? []) this.serviceByUuid.set(hsdsId("service", old), old);
    }
    for (const s of this.catalogue.sortedByName()) {
      s.locations.forEach((l, index) => {
        const ref = { service: s, index };
        const linkId = `${s.id}@${l.id}`;
        this.linkList.push(ref);
        this.linkByKey.set(linkId, ref);
        this.linkByKey.set(hsdsId("service_at_location", linkId), ref);
      });
      const org = orgs.get(s.organizationId);
      if (org) org.services.push(s);
      else orgs.set(s.organizationId, { id: s.organizationId, name: s.organizationName, services: [s] });
    }
    this.orgList = [...orgs.values()].sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
    this.orgByKey = new Map();
    for (const o of this.orgList) {
      this.orgByKey.set(o.id, o);
      this.orgByKey.set(hsdsId("organization", o.id), o);
    }
    return this;
  }

  /** Our id for a published service id (a UUID, or our own id as it is), deleted ones included. */
  serviceDirectoryId(key: string): string {
    return isUuid(key) ? (this.fresh().serviceByUuid.get(key.toLowerCase()) ?? key) : key;
  }

  links(): LinkRef[] {
    return this.fresh().linkList;
  }

  link(key: string): LinkRef | undefined {
    return this.fresh().linkByKey.get(isUuid(key) ? key.toLowerCase() : key);
  }

  organizations(): OrganizationEntry[] {
    return this.fresh().orgList;
  }

  organization(key: string): OrganizationEntry | undefined {
    return this.fresh().orgByKey.get(isUuid(key) ? key.toLowerCase() : key);
  }

  /** The published ids of the taxonomy terms a service carries (computed once per change). */
  termIdsOf(s: DirectoryService): Set<string> {
    const cache = this.fresh().termIds;
    let ids = cache.get(s.id);
    if (!ids) {
      ids = new Set(termsForService(s).map((t) => t.id));
      cache.set(s.id, ids);
    }
    return ids;
  }
}
