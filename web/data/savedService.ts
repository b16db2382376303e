// What the device keeps of each directory service: what its pages show (the search result card and
// the service page, offline). Words only the ranking reads (search terms, synonyms) live in the
// saved search index instead (deviceIndex.ts), and bookkeeping nobody reads here (version, scope,
// the source file's record id, location ids) is not kept: 10,000 services are written at every
// first sync, so each byte counts.
import type { DirectoryService, ServiceLocation } from "../../shared/directory/types";

export type SavedService = Omit<
  DirectoryService,
  "searchTerms" | "synonyms" | "scope" | "version" | "provenance" | "locations"
> & {
  provenance: Pick<DirectoryService["provenance"], "method" | "evidenceUrl" | "verifiedBy">;
  locations: Array<Omit<ServiceLocation, "id">>;
};

export function toSaved(s: DirectoryService): SavedService {
  const {
    searchTerms: _terms,
    synonyms: _synonyms,
    scope: _scope,
    version: _version,
    provenance,
    locations,
    ...shown
  } = s;
  return {
    ...shown,
    provenance: {
      method: provenance.method,
      evidenceUrl: provenance.evidenceUrl,
      verifiedBy: provenance.verifiedBy,
    },
    locations: locations.map(({ id: _id, ...place }) => place),
  };
}
