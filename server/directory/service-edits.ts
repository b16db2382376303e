/**
 * Partner and admin edits of service records: create, replace and retire, each in one transaction
 * that checks ownership (a partner edits only its own organization's services), the version being
 * edited (a stale one gets 409 with the current record), writes the record, and audits the change.
 */
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import {
  type DirectoryService,
  type serviceInputSchema,
  serviceSchema,
} from "../../shared/directory/index.js";
import { READABLE_PHONE, unreadablePhones } from "../../shared/directory/phone.js";
import { slugify } from "../../shared/text/index.js";
import { ApiError } from "../core/errors.js";
import type { ActiveSession } from "./accounts/sessions.js";
import { findDuplicates } from "./duplicate-flags.js";
import { DuplicateIndex } from "./duplicates.js";
import type { DuplicateFlag, ServiceEditsRepository, ServiceSnapshot } from "./repository.js";

export type ServiceInput = z.infer<typeof serviceInputSchema>;

const actorOf = (s: ActiveSession) => ({ id: s.user.id, email: s.user.email });

/** 404 for a write to a missing id; a merged-away id is told which record to edit instead. */
function noSuchService(found: ServiceSnapshot, id: string): ApiError {
  const kept = found.mergedInto;
  return kept
    ? new ApiError("NotFound", `Service "${id}" was merged into "${kept}": edit "${kept}" instead.`, {
        mergedInto: kept,
      })
    : new ApiError("NotFound", `No service with id "${id}".`);
}

function assertMayEdit(session: ActiveSession, organizationId: string): void {
  if (session.user.role === "admin") return;
  if (session.user.organizationId !== organizationId) {
    throw new ApiError(
      "Forbidden",
      "This service belongs to another organization: a partner may change only its own organization's services.",
    );
  }
}

function assertVersion(current: DirectoryService, expected: number | undefined): void {
  if (expected === undefined) {
    throw new ApiError(
      "PreconditionRequired",
      `Send the version you are editing (If-Match: "${current.version}" or "version" in the body).`,
    );
  }
  if (expected !== current.version) {
    throw new ApiError(
      "Conflict",
      `The service changed since version ${expected}: it is now at version ${current.version}. Merge with the current record and retry.`,
      { current },
    );
  }
}

const locationIdsOf = (input: ServiceInput) => input.locations.map((l) => l.id);

/** Every phone line must be something a person can dial or text: a 400 naming each one that is not. */
function assertPhonesReadable(input: ServiceInput): void {
  const bad = unreadablePhones(input.phones);
  if (bad.length === 0) return;
  const issues = bad.map((i) => ({
    path: `phones.${i}.number`,
    message: `"${input.phones[i].number}" cannot be dialled or texted: give ${READABLE_PHONE}`,
  }));
  throw new ApiError(
    "ValidationError",
    issues.map((x) => `Invalid body field "${x.path}": ${x.message}.`).join(" "),
    { issues },
  );
}

/** A place's fields in one order, to tell whether a write changes it. */
const placeOf = (l: ServiceInput["locations"][number]) =>
  JSON.stringify([l.type, l.name, l.address, l.city, l.province, l.postalCode, l.lat, l.lng]);

/**
 * Saving a record writes its locations' rows, and a location id may be listed by several services
 * of one organization (the same place). So a write is refused (409 naming each id) when it lists
 * a location of another organization, or changes a place another service lists: that record's
 * address would change under it, and its readers would get no new version to sync. A record
 * keeps its own locations when an admin moves it to another organization.
 */
function assertOwnLocations(
  input: ServiceInput,
  id: string,
  organizationId: string,
  found: ServiceSnapshot,
): void {
  const issues = input.locations.flatMap((location, i) => {
    const holder = found.locationHolders.get(location.id);
    if (!holder) return [];
    const others = holder.serviceIds.filter((s) => s !== id);
    const path = `locations.${i}.id`;
    if (holder.organizationId !== organizationId && !holder.serviceIds.includes(id))
      return [{ path, message: `"${location.id}" is a location of another organization` }];
    if (others.length && (!holder.listed || placeOf(holder.listed) !== placeOf(location)))
      return [
        {
          path,
          message: `"${location.id}" is also the location of service "${others[0]}", which this change would move`,
        },
      ];
    return [];
  });
  if (issues.length === 0) return;
  throw new ApiError(
    "Conflict",
    `${issues.map((x) => `Body field "${x.path}": ${x.message}.`).join(" ")} Give this record's location an id of its own.`,
    { issues },
  );
}

function build(
  input: ServiceInput,
  base: {
    id: string;
    organizationId: string;
    organizationName: string;
    version: number;
    updatedAt: string;
    provenance: DirectoryService["provenance"];
    mergedIds?: string[];
  },
): DirectoryService {
  const { version: _v, id: _i, organizationId: _o, ...fields } = input;
  const { mergedIds, ...rest } = base;
  return serviceSchema.parse({ ...fields, ...rest, ...(mergedIds?.length ? { mergedIds } : {}) });
}

export async function createService(
  repo: ServiceEditsRepository,
  session: ActiveSession,
  input: ServiceInput,
  now = new Date(),
): Promise<{ service: DirectoryService; duplicates: DuplicateFlag[] }> {
  const at = now.toISOString();
  assertPhonesReadable(input);
  const organizationId =
    session.user.role === "admin" ? input.organizationId : (session.user.organizationId ?? undefined);
  if (!organizationId)
    throw new ApiError(
      "ValidationError",
      'Invalid body field "organizationId": an admin must name the organization the service belongs to.',
    );
  if (session.user.role === "partner" && input.organizationId && input.organizationId !== organizationId) {
    throw new ApiError("Forbidden", "A partner may create services only for its own organization.");
  }
  const id = input.id ?? `${slugify(input.name.en)}-${randomBytes(3).toString("hex")}`;
  const lookup = { id, organizationIds: [organizationId], withLive: true, locationIds: locationIdsOf(input) };
  return repo.editService(lookup, (found) => {
    if (found.current || found.retired)
      throw new ApiError("Conflict", `A service with id "${id}" exists (or existed): choose another id.`);
    if (found.mergedInto)
      throw new ApiError("Conflict", `The id "${id}" now names a merged record: choose another id.`);
    assertOwnLocations(input, id, organizationId, found);
    const service = build(input, {
      id,
      organizationId,
      organizationName: found.organizationName(organizationId),
      version: 1,
      updatedAt: at,
      provenance: {
        source: `partner dashboard (${session.user.email})`,
        sourceRecordId: null,
        verifiedBy: session.user.email,
        method: "Partner submission",
        evidenceUrl: null,
      },
    });
    const duplicates = findDuplicates(service, new DuplicateIndex(found.live));
    return {
      write: { save: service },
      change: { at, actor: actorOf(session), action: "create", before: null, after: service, id, version: 1 },
      duplicates,
      result: { service, duplicates },
    };
  });
}

export async function updateService(
  repo: ServiceEditsRepository,
  session: ActiveSession,
  id: string,
  input: ServiceInput,
  expected: number | undefined,
  now = new Date(),
): Promise<DirectoryService> {
  const at = now.toISOString();
  assertPhonesReadable(input);
  const organizationIds = input.organizationId ? [input.organizationId] : [];
  return repo.editService(
    { id, organizationIds, withLive: false, locationIds: locationIdsOf(input) },
    (found) => {
      const current = found.current;
      if (!current) throw noSuchService(found, id);
      assertMayEdit(session, current.organizationId);
      if (input.organizationId && input.organizationId !== current.organizationId) {
        assertMayEdit(session, input.organizationId);
      }
      assertVersion(current, expected);
      const organizationId = input.organizationId ?? current.organizationId;
      assertOwnLocations(input, id, organizationId, found);
      const service = build(input, {
        id,
        organizationId,
        organizationName: found.organizationName(organizationId),
        version: current.version + 1,
        updatedAt: at,
        provenance: current.provenance,
        mergedIds: current.mergedIds,
      });
      return {
        write: { save: service },
        change: {
          at,
          actor: actorOf(session),
          action: "update",
          before: current,
          after: service,
          id,
          version: service.version,
        },
        result: service,
      };
    },
  );
}

export async function retireService(
  repo: ServiceEditsRepository,
  session: ActiveSession,
  id: string,
  expected: number | undefined,
  now = new Date(),
): Promise<{ id: string; deleted: true; updatedAt: string }> {
  const at = now.toISOString();
  return repo.editService({ id, organizationIds: [], withLive: false }, (found) => {
    const current = found.current;
    if (!current) throw noSuchService(found, id);
    assertMayEdit(session, current.organizationId);
    assertVersion(current, expected);
    const tombstone = { id, deleted: true as const, updatedAt: at };
    return {
      write: { retire: id },
      change: {
        at,
        actor: actorOf(session),
        action: "retire",
        before: current,
        after: tombstone,
        id,
        version: current.version + 1,
      },
      result: tombstone,
    };
  });
}
