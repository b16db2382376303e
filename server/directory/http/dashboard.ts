/**
 * Read routes behind the partner dashboard: the signed-in partner's own services (with their
 * current versions, fresh rather than from a cached listing) and one service's change history.
 * A partner sees only its organization's services; an admin sees any.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { ApiError, notFound } from "../../core/errors.js";
import { noStore } from "../../core/http/no-store.js";
import type { AppRouter } from "../../core/module.js";
import { requireSession } from "../accounts/authenticate.js";
import type { ActiveSession } from "../accounts/sessions.js";
import type { Catalogue } from "../catalogue.js";
import { SIGNED_IN_READ } from "../openapi-security.js";
import type { DirectoryRepository } from "../repository.js";
import { ErrorSchema, ServiceIdParams, ServiceSchema } from "../schemas.js";
import { readServiceHistory } from "../service-history.js";

const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

const FieldChangeSchema = z
  .object({ field: z.string(), before: z.unknown(), after: z.unknown() })
  .openapi("ServiceFieldChange");
const HistoryEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actorEmail: z.string().nullable(),
    action: z.string().openapi({ description: "create, update, retire or import" }),
    version: z.number().int().nullable(),
    changes: z.array(FieldChangeSchema),
  })
  .openapi("ServiceHistoryEntry");

const historyRoute = createRoute({
  method: "get",
  path: "/api/v1/services/{id}/history",
  security: SIGNED_IN_READ,
  tags: ["directory partner"],
  summary: "A service's change history, newest first (its organization's partners and admins)",
  request: {
    params: ServiceIdParams,
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(200)
        .optional()
        .openapi({ description: "1–200 (default 50)" }),
      offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
    }),
  },
  responses: {
    200: {
      description: "Newest first",
      content: {
        "application/json": {
          schema: z.object({
            data: z.array(HistoryEntrySchema),
            meta: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
          }),
        },
      },
    },
    400: err("Bad query parameter"),
    401: err("Not signed in"),
    403: err("Another organization's service"),
    404: err("No such service"),
  },
});

const ownServicesRoute = createRoute({
  method: "get",
  path: "/api/v1/partner/services",
  security: SIGNED_IN_READ,
  tags: ["directory partner"],
  summary: "The signed-in partner's own services, by name (an admin names organization_id)",
  request: {
    query: z.object({
      organization_id: z.string().min(1).max(120).optional().openapi({ description: "Admins only" }),
    }),
  },
  responses: {
    200: {
      description: "Live services of the organization",
      content: { "application/json": { schema: z.object({ data: z.array(ServiceSchema) }) } },
    },
    400: err("Bad query parameter"),
    401: err("Not signed in"),
    403: err("A partner naming another organization"),
  },
});

function organizationFor(session: ActiveSession, requested: string | undefined): string {
  if (session.user.role === "admin") {
    if (!requested)
      throw new ApiError(
        "ValidationError",
        'Invalid query parameter "organization_id": an admin must name one.',
      );
    return requested;
  }
  const own = session.user.organizationId ?? "";
  if (requested && requested !== own)
    throw new ApiError("Forbidden", "A partner may list only its own organization's services.");
  return own;
}

export function mountDashboardRoutes(app: AppRouter, repo: DirectoryRepository, catalogue: Catalogue): void {
  app.openapi(noStore(historyRoute), async (c) => {
    const session = await requireSession(c, repo, { write: false });
    const { id } = c.req.valid("param");
    const organization = await repo.serviceOrganization(id);
    if (organization === null) throw notFound(`No service with id "${id}".`);
    if (session.user.role !== "admin" && session.user.organizationId !== organization)
      throw new ApiError("Forbidden", "This service belongs to another organization.");
    const q = c.req.valid("query");
    const limit = q.limit ?? 50;
    const offset = q.offset ?? 0;
    const { entries, total } = await readServiceHistory(repo, id, { limit, offset });
    return c.json({ data: entries, meta: { total, limit, offset } }, 200);
  });

  app.openapi(noStore(ownServicesRoute), async (c) => {
    const session = await requireSession(c, repo, { write: false });
    const organization = organizationFor(session, c.req.valid("query").organization_id);
    const services = catalogue.sortedByName().filter((s) => s.organizationId === organization);
    return c.json({ data: services }, 200);
  });
}
