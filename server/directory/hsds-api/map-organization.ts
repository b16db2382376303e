/**
 * Organizations as HSDS objects. We hold an organization's name only (its services carry the
 * rest), so its description is empty (HSDS requires the field) and its sites are its services'.
 */
import type { DirectoryService } from "../../../shared/directory/index.js";
import {
  fullService,
  locationsOf,
  type MapOptions,
  organizationSummary,
  serviceSummary,
} from "./map-service.js";

/**
 * A fully nested organization: its sites and its services, in list form (without the organization
 * again) or, with `fullServices`, fully nested.
 */
export function fullOrganization(services: DirectoryService[], o: MapOptions, fullServices: boolean) {
  const first = services[0];
  return {
    ...organizationSummary(first.organizationId, first.organizationName),
    contacts: [],
    phones: [],
    locations: locationsOf(services),
    services: services.map((s) =>
      fullServices ? fullService(s, o, false) : serviceSummary(s, o.lang, o.now, false),
    ),
  };
}
