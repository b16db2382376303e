/**
 * Write routes for partners and admins: create, replace and retire services, and the admin's audit
 * log. Every write names the version it edits (If-Match: the version or the ETag a GET gave, or
 * "version" in the body); see ../service-edits.ts and ../service-tags.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { serviceInputSchema } from "../../../shared/directory/index.js";
import { ApiError } from "../../core/errors.js";
import { noStore } from "../../core/http/no-store.js";
import type { AppRouter } from "../../core/module.js";
import { requireAdmin, requireSession } from "../accounts/authenticate.js";
import type { Catalogue } from "../catalogue.js";
import { withDuplicateNames } from "../duplicate-flags.js";
import { SIGNED_IN_READ, SIGNED_IN_WRITE } from "../openapi-security.js";
import type { DirectoryRepository } from "../repository.js";
import { ErrorSchema, ServiceIdParams, ServiceResponse, TombstoneSchema } from "../schemas.js";
import { createService, retireService, updateService } from "../service-edits.js";
import { parseIfMatch, staleTag, tagOfRecord, versionOfTag } from "../service-tags.js";

const InputSchema = serviceInputSchema.meta({ id: "ServiceInput" });
const CreatedResponse = ServiceResponse.extend({
  duplicates: z.array(
    z.object({ id: z.string(), name: z.string(), score: z.number(), evidence: z.array(z.string()) }),
  ),
}).openapi("ServiceCreated");
const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});
const writeErrors = {
  400: err("Bad body"),
  401: err("Not signed in"),
  403: err("Another organization's service, or missing CSRF token"),
  404: err("No such service"),
  409: err(
    "Stale version (details.current holds the current record), or a location id another record holds (details.issues names each)",
  ),
  415: err("Not JSON"),
  428: err("No version given"),
};
const IfMatch = z.object({
  "if-match": z.string().max(200).optional().openapi({
    description:
      'What is being edited: the ETag GET /api/v1/services/{id} sent, or the version number, e.g. "3". Not current any more: 412 with the current record.',
  }),
});

const staleIfMatch = {
  412: err(
    "If-Match is not the current version or ETag (details.current holds the current record; ETag its tag)",
  ),
};

const createRouteDef = createRoute({
  method: "post",
  path: "/api/v1/services",
  security: SIGNED_IN_WRITE,
  tags: ["directory partner"],
  summary: "Create a service (partner: for its own organization)",
  request: { body: { required: true, content: { "application/json": { schema: InputSchema } } } },
  responses: {
    201: {
      description:
        "Created. `duplicates` lists live services the new one looks like (same organization or name and a " +
        "shared phone, address or website; score out of 100, 60 and up): the service is saved anyway and " +
        "the flag goes to the admin audit log (action possible-duplicate: the ten strongest matches by id, " +
        "with their names as they are when the log is read, and matchCount) for a person to decide.",
      content: { "application/json": { schema: CreatedResponse } },
    },
    ...writeErrors,
  },
});

const updateRouteDef = createRoute({
  method: "put",
  path: "/api/v1/services/{id}",
  security: SIGNED_IN_WRITE,
  tags: ["directory partner"],
  summary: "Replace a service; needs the version being edited",
  request: {
    params: ServiceIdParams,
    headers: IfMatch,
    body: { required: true, content: { "application/json": { schema: InputSchema } } },
  },
  responses: {
    200: { description: "Saved", content: { "application/json": { schema: ServiceResponse } } },
    ...writeErrors,
    ...staleIfMatch,
  },
});

const retireRouteDef = createRoute({
  method: "delete",
  path: "/api/v1/services/{id}",
  security: SIGNED_IN_WRITE,
  tags: ["directory partner"],
  summary: "Retire (delete) a service; sync clients receive a tombstone",
  request: { params: ServiceIdParams, headers: IfMatch },
  responses: {
    200: {
      description: "Retired",
      content: { "application/json": { schema: z.object({ data: TombstoneSchema }) } },
    },
    ...writeErrors,
    ...staleIfMatch,
  },
});

const auditRouteDef = createRoute({
  method: "get",
  path: "/api/v1/admin/audit",
  security: SIGNED_IN_READ,
  tags: ["directory admin"],
  summary: "The audit log of service changes (admin)",
  request: {
    query: z.object({
      service_id: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
      offset: z.coerce.number().int().min(0).optional(),
    }),
  },
  responses: {
    200: {
      description: "Newest first",
      content: {
        "application/json": {
          schema: z.object({
            data: z.array(z.unknown()),
            meta: z.object({ total: z.number(), limit: z.number(), offset: z.number() }),
          }),
        },
      },
    },
    400: err("Bad parameter"),
    401: err("Not signed in"),
    403: err("Not an admin"),
  },
});

/**
 * The version from If-Match (a version "3", W/"3" or 3, `*`, or the ETag GET gave, read by
 * `fromTag`) and/or the body; both given must agree.
 */
export function expectedVersion(
  ifMatch: string | undefined,
  bodyVersion: number | undefined,
  fromTag: (header: ReturnType<typeof parseIfMatch>) => number | undefined = (m) =>
    m.kind === "version" ? m.version : undefined,
): number | undefined {
  const fromHeader = ifMatch === undefined ? undefined : fromTag(parseIfMatch(ifMatch));
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw new ApiError(
      "ValidationError",
      `If-Match (${fromHeader}) and body "version" (${bodyVersion}) disagree: send one version.`,
    );
  }
  return fromHeader ?? bodyVersion;
}

/** A write whose If-Match was stale by the time it ran: 412 with the current record, not the body's 409. */
async function ifMatchPrecondition<T>(ifMatch: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const current =
      err instanceof ApiError && err.type === "Conflict" && ifMatch !== undefined
        ? (err.details as { current?: { version: number } } | undefined)?.current
        : undefined;
    if (!current) throw err;
    throw staleTag(current, tagOfRecord(current), { current, currentVersion: current.version });
  }
}

export function mountPartnerRoutes(app: AppRouter, repo: DirectoryRepository, catalogue: Catalogue): void {
  app.openapi(createRouteDef, async (c) => {
    const session = await requireSession(c, repo, { write: true });
    const { service, duplicates } = await createService(repo, session, c.req.valid("json"));
    await catalogue.refresh(service.id);
    // The tag a GET of the saved record gives, so the next edit can send it back in If-Match.
    c.header("ETag", tagOfRecord(service));
    return c.json({ data: service, duplicates }, 201);
  });

  app.openapi(updateRouteDef, async (c) => {
    const session = await requireSession(c, repo, { write: true });
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const ifMatch = c.req.valid("header")["if-match"];
    const version = expectedVersion(ifMatch, body.version, (m) => versionOfTag(catalogue, id, m));
    const service = await ifMatchPrecondition(ifMatch, () => updateService(repo, session, id, body, version));
    await catalogue.refresh(id);
    // The tag a GET of the saved record gives, so the next edit can send it back in If-Match.
    c.header("ETag", tagOfRecord(service));
    return c.json({ data: service }, 200);
  });

  app.openapi(retireRouteDef, async (c) => {
    const session = await requireSession(c, repo, { write: true });
    const { id } = c.req.valid("param");
    const ifMatch = c.req.valid("header")["if-match"];
    const version = expectedVersion(ifMatch, undefined, (m) => versionOfTag(catalogue, id, m));
    const tombstone = await ifMatchPrecondition(ifMatch, () => retireService(repo, session, id, version));
    await catalogue.refresh(id);
    return c.json({ data: tombstone }, 200);
  });

  app.openapi(noStore(auditRouteDef), async (c) => {
    await requireAdmin(c, repo, { write: false });
    const q = c.req.valid("query");
    const limit = q.limit ?? 50;
    const offset = q.offset ?? 0;
    const { entries, total } = await repo.auditLog({ entityId: q.service_id, limit, offset });
    // Duplicate flags hold ids: the names shown are the records' names now.
    const nameOf = (id: string) => catalogue.resolve(id)?.name.en;
    const data = entries.map((e) => withDuplicateNames(e, nameOf));
    return c.json({ data, meta: { total, limit, offset } }, 200);
  });
}
