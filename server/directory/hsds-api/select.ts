/**
 * Which services and service_at_location links a list request returns, in which order. Filters
 * combine (AND), as the HSDS API reference asks. `search` runs the shared ranking over the whole
 * catalogue, exactly as /api/v1 does, so both APIs agree on what matches and in what order;
 * otherwise records come by name, then id.
 */
import { type DirectoryService, nearestKm, rankServices } from "../../../shared/directory/index.js";
import { ApiError } from "../../core/errors.js";
import { publishedModifiedMs } from "./map-service.js";
import { fsaOf, parsePostcode } from "./regions.js";
import { TAXONOMY_ID } from "./taxonomy.js";
import type { HsdsView, LinkRef } from "./view.js";

export interface ServiceFilter {
  search?: string;
  taxonomy_term_id?: string;
  taxonomy_id?: string;
  organization_id?: string;
  /** Epoch milliseconds. */
  modified_after?: number;
}

export interface LinkFilter extends ServiceFilter {
  postcode?: string;
  /** Metres. */
  proximity?: number;
}

/** Services matching the filters: ranked when searching, else by name. */
export function selectServices(view: HsdsView, f: ServiceFilter, now: Date): DirectoryService[] {
  let list: readonly DirectoryService[] = view.catalogue.sortedByName();
  if (f.search) {
    const ranked = rankServices(view.catalogue.services(), f.search, { now });
    // Suggestions are what the app shows when nothing matched: not matches, so not listed here.
    list = ranked.mode === "suggestions" ? [] : ranked.results.map((r) => r.service);
  }
  const org =
    f.organization_id === undefined ? undefined : (view.organization(f.organization_id)?.id ?? null);
  const term = f.taxonomy_term_id?.toLowerCase();
  const taxonomy = f.taxonomy_id?.toLowerCase();
  return list.filter(
    (s) =>
      (org === undefined || s.organizationId === org) &&
      (term === undefined || view.termIdsOf(s).has(term)) &&
      (taxonomy === undefined || taxonomy === TAXONOMY_ID) &&
      (f.modified_after === undefined || publishedModifiedMs(s, now) >= f.modified_after),
  );
}

export type Locate = (postcode: string) => Promise<{ lat: number; lng: number } | null>;

/** Links of the matching services, then narrowed by postcode coverage or by distance. */
export async function selectLinks(
  view: HsdsView,
  f: LinkFilter,
  now: Date,
  locate: Locate,
): Promise<LinkRef[]> {
  if (f.proximity !== undefined && f.postcode === undefined)
    throw new ApiError(
      "ValidationError",
      'Query parameter "proximity" needs "postcode": the distance is measured from it.',
    );
  const postcode = f.postcode === undefined ? null : parsePostcode(f.postcode);
  if (f.postcode !== undefined && !postcode)
    throw new ApiError(
      "ValidationError",
      `Query parameter "postcode": "${f.postcode}" is not a Canadian postal code (its first letter names no province or territory).`,
    );
  const services = selectServices(view, f, now);
  const links = (list: DirectoryService[]) =>
    list.flatMap((service) => service.locations.map((_, index) => ({ service, index })));
  if (!postcode) return links(services);
  if (f.proximity === undefined) {
    return links(
      services.filter((s) => {
        if (s.scope === "national") return true;
        if (s.scope === "provincial")
          return s.locations.some(
            (l) => l.province !== null && postcode.provinces.includes(l.province.toUpperCase()),
          );
        return s.locations.some((l) => l.type === "physical" && fsaOf(l.postalCode) === postcode.fsa);
      }),
    );
  }
  const centre = await locate(postcode.text);
  if (!centre)
    throw new ApiError(
      "ValidationError",
      `Query parameter "postcode": we cannot place "${postcode.text}" on the map, so "proximity" cannot be measured from it; try a neighbouring postal code or drop proximity.`,
    );
  const limitKm = f.proximity / 1000;
  const near = links(services)
    .map((ref) => ({ ref, km: distanceKm(ref, centre) }))
    .filter((x): x is { ref: LinkRef; km: number } => x.km !== null && x.km <= limitKm);
  if (!f.search) near.sort((a, b) => a.km - b.km);
  return near.map((x) => x.ref);
}

/** Distance to a link's site where people are served; null for postal addresses and unplaced sites. */
function distanceKm(ref: LinkRef, from: { lat: number; lng: number }): number | null {
  const site = ref.service.locations[ref.index];
  return nearestKm({ ...ref.service, locations: [site] }, from);
}
