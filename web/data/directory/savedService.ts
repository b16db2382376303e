// What the device keeps of each directory service: what its pages show (the search result card and
// the service page, offline), listed field by field, with each place's coordinates for its
// directions link, and its status (a closed service's page says so, offline too). What only the
// ranking reads (search terms, synonyms, tags, verification level, the coordinates it ranks by) is
// in the saved search index instead
// (deviceIndex.ts), and bookkeeping nobody reads here (version, scope, organization id, the source
// file's record id, location ids) is not kept: 10,000 services are written at a first sync.
import type { DirectoryService, ServiceLocation } from "../../../shared/directory/types";

type Shown =
  | "id"
  | "organizationName"
  | "name"
  | "description"
  | "category"
  | "eligibility"
  | "fees"
  | "applicationProcess"
  | "documentsRequired"
  | "languages"
  | "url"
  | "email"
  | "lastVerified"
  | "virtual"
  | "phones"
  | "schedule"
  | "mergedIds"
  | "updatedAt";

export type SavedService = Pick<DirectoryService, Shown> & {
  /** Kept only when it no longer runs: none reads as active (so does a copy saved before it was kept). */
  status?: DirectoryService["status"];
  provenance: Pick<DirectoryService["provenance"], "method" | "evidenceUrl" | "verifiedBy">;
  /** lat/lng give a place's directions link; a copy saved before they were kept has none (the address is searched instead). */
  locations: Array<
    Pick<ServiceLocation, "type" | "name" | "address" | "city" | "province" | "postalCode"> &
      Partial<Pick<ServiceLocation, "lat" | "lng">>
  >;
};

export function toSaved(s: DirectoryService): SavedService {
  return {
    id: s.id,
    organizationName: s.organizationName,
    name: s.name,
    description: s.description,
    category: s.category,
    eligibility: s.eligibility,
    fees: s.fees,
    applicationProcess: s.applicationProcess,
    documentsRequired: s.documentsRequired,
    languages: s.languages,
    url: s.url,
    email: s.email,
    lastVerified: s.lastVerified,
    virtual: s.virtual,
    phones: s.phones,
    schedule: s.schedule,
    // Only when it no longer runs: 10,000 copies of "active" are bytes on every phone for nothing.
    ...(s.status === "active" ? {} : { status: s.status }),
    ...(s.mergedIds ? { mergedIds: s.mergedIds } : {}),
    updatedAt: s.updatedAt,
    provenance: {
      method: s.provenance.method,
      evidenceUrl: s.provenance.evidenceUrl,
      verifiedBy: s.provenance.verifiedBy,
    },
    locations: s.locations.map((l) => ({
      type: l.type,
      name: l.name,
      address: l.address,
      city: l.city,
      province: l.province,
      postalCode: l.postalCode,
      lat: l.lat,
      lng: l.lng,
    })),
  };
}
