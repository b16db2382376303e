/**
 * Public read routes of the directory API: the services listing (with sync tombstones), one
 * service, and ranked search. Search runs the shared ranking, the very code the offline app runs.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type DirectoryService, rankServices, type Tombstone } from "../../../shared/directory/index.js";
import { ApiError, notFound } from "../../core/errors.js";
import { noStore } from "../../core/http/no-store.js";
import { type KnownBody, knownBody, sendKnown } from "../../core/http/send.js";
import type { AppEnv, AppRouter } from "../../core/module.js";
import type { Catalogue } from "../catalogue.js";
import {
  ErrorSchema,
  ListQuery,
  ListResponse,
  SearchRequestSchema,
  SearchResponse,
  ServiceIdParams,
  ServiceResponse,
} from "../schemas.js";
import { SearchCache } from "../search-cache.js";
import { SYNC_HEADERS, syncJson, syncPage } from "../sync-page.js";

export const SEARCH_BODY_LIMIT = 16 * 1024;
/** Bodies of single services kept at once (the default directory has fewer than 200). */
const MAX_CACHED_BODIES = 5000;
const DEFAULT_LIMIT = 20;
const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/services",
  tags: ["directory"],
  summary: "List services (paged); with updated_since, changes and tombstones for offline sync",
  request: { query: ListQuery },
  responses: {
    200: { description: "A page of services", content: { "application/json": { schema: ListResponse } } },
    400: err("Bad query parameter"),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/api/v1/services/{id}",
  tags: ["directory"],
  summary: "One service",
  description:
    "An id that was merged into another record as a duplicate still answers 200 with the merged record, " +
    "whose `id` is the kept one and whose `mergedIds` lists the old; `Content-Location` then names the " +
    "kept record's URL, so a client can store it. The old id's tombstone reaches syncing clients.",
  request: { params: ServiceIdParams },
  responses: {
    200: {
      description: "The service (for a merged-away id: the record it was merged into)",
      headers: z.object({
        "Content-Location": z.string().optional().openapi({
          description: "Present when the id was merged into another record: that record's URL",
        }),
      }),
      content: { "application/json": { schema: ServiceResponse } },
    },
    400: err("Not a service id"),
    404: err("No such service, or deleted (the tombstone is in details)"),
  },
});

const searchRoute = createRoute({
  method: "post",
  path: "/api/v1/search/services",
  tags: ["directory"],
  summary: "Ranked search in English or French; never empty (suggestions when nothing matches)",
  request: { body: { required: true, content: { "application/json": { schema: SearchRequestSchema } } } },
  responses: {
    200: { description: "Ranked results", content: { "application/json": { schema: SearchResponse } } },
    400: err("Malformed JSON or a bad field"),
    413: err("Body over 16 KB"),
    415: err("Content-Type is not application/json"),
  },
});

/** 415 for anything but JSON, even with an empty body (the core only checks requests that carry one). */
const jsonOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    throw new ApiError(
      "UnsupportedMediaType",
      `Content-Type ${type ? `"${type}"` : "(none)"} is not accepted: send the search as application/json.`,
    );
  }
  await next();
};

const searchLimit = bodyLimit({
  maxSize: SEARCH_BODY_LIMIT,
  onError: () => {
    throw new ApiError(
      "PayloadTooLarge",
      `The search body is over ${SEARCH_BODY_LIMIT} bytes (16 KB): send only the query and options.`,
    );
  },
});

export function mountReadRoutes(
  app: AppRouter,
  catalogue: Catalogue,
  now: () => Date = () => new Date(),
): void {
  const cache = new SearchCache();
  app.openapi(listRoute, (c) => {
    const q = c.req.valid("query");
    const limit = q.limit ?? DEFAULT_LIMIT;
    // The newest change the catalogue holds (not the clock): the next sync's updated_since, and a
    // body that stays byte-identical until something changes, so the core's ETag answers 304.
    const serverTime = catalogue.latestChange() ?? now().toISOString();
    if (q.changed_after !== undefined)
      return c.body(syncPage(catalogue, q, limit, serverTime), 200, SYNC_HEADERS) as never;
    if (q.page !== undefined && q.offset !== undefined)
      throw new ApiError("ValidationError", 'Use either "page" or "offset", not both.');
    const offset = q.page !== undefined ? (q.page - 1) * limit : (q.offset ?? 0);
    let items: Array<DirectoryService | Tombstone>;
    let total: number | null = null;
    let toJson = (r: DirectoryService | Tombstone) => catalogue.json(r);
    if (q.updated_since) {
      if (q.q !== undefined)
        throw new ApiError(
          "ValidationError",
          '"updated_since" lists every change since that time, not a search: leave out "q" ' +
            '(a sync may filter by "category").',
        );
      const since = new Date(q.updated_since).toISOString();
      items = catalogue.sortedByUpdate().filter((s) => s.updatedAt >= since);
      toJson = (r) => syncJson(catalogue, r, q.category);
    } else if (q.q) {
      const ranked = rankServices(catalogue.services(), q.q, {
        category: q.category,
        now: now(),
        limit: offset + limit,
      });
      items = ranked.mode === "suggestions" ? [] : ranked.results.map((r) => r.service);
      total = ranked.mode === "suggestions" ? 0 : ranked.total;
    } else {
      items = q.category
        ? catalogue.sortedByName().filter((s) => s.category === q.category)
        : catalogue.sortedByName();
    }
    const page = items.slice(offset, offset + limit);
    total ??= items.length;
    const next = offset + limit < total ? String(offset + limit) : null;
    const lastChange = catalogue.lastChange();
    const meta = JSON.stringify({ total, limit, offset, nextCursor: next, serverTime, lastChange });
    const body = `{"data":[${page.map(toJson).join(",")}],"meta":${meta}}`;
    return c.body(body, 200, { "Content-Type": "application/json; charset=utf-8" }) as never;
  });

  // `{"data": record}` with its ETag, built once per catalogue change and record: a write is
  // visible at once, and a read is a map lookup.
  let bodies = { generation: -1, byId: new Map<string, KnownBody>() };
  const bodyOf = (service: DirectoryService) => {
    if (bodies.generation !== catalogue.generation || bodies.byId.size >= MAX_CACHED_BODIES)
      bodies = { generation: catalogue.generation, byId: new Map() };
    let body = bodies.byId.get(service.id);
    if (!body) {
      body = knownBody(`{"data":${catalogue.json(service)}}`);
      bodies.byId.set(service.id, body);
    }
    return body;
  };
  app.openapi(getRoute, (c) => {
    const { id } = c.req.valid("param");
    const service = catalogue.resolve(id);
    if (service) {
      const headers =
        service.id === id
          ? undefined
          : { "content-location": `/api/v1/services/${encodeURIComponent(service.id)}` };
      return sendKnown(c, bodyOf(service), { headers }) as never;
    }
    const gone = catalogue.tombstone(id);
    if (gone) throw new ApiError("NotFound", `Service "${id}" was deleted at ${gone.updatedAt}.`, gone);
    throw notFound(`No service with id "${id}".`);
  });

  app.use(searchRoute.path, jsonOnly, searchLimit);
  app.openapi(noStore(searchRoute), (c) => {
    const body = c.req.valid("json");
    const limit = body.limit ?? 20;
    const offset = body.offset ?? 0;
    const at = now();
    const options = {
      limit: offset + limit,
      locale: body.locale,
      category: body.filters?.category,
      openNow: body.filters?.openNow,
      location: body.location,
      radiusKm: body.radiusKm,
    };
    const key = JSON.stringify([body.query, options]);
    const ranked = cache.get(key, catalogue.generation, at, () =>
      rankServices(catalogue.services(), body.query, { ...options, now: at }),
    );
    // Each result is the service's cached JSON with the ranking fields appended.
    const data = ranked.results.slice(offset, offset + limit).map((r) => {
      const extra = {
        score: r.score,
        ...(body.location ? { distanceKm: r.distanceKm } : {}),
        openNow: r.openNow,
        suggestion: r.suggestion,
      };
      return `${catalogue.json(r.service).slice(0, -1)},${JSON.stringify(extra).slice(1)}`;
    });
    const meta = {
      total: ranked.total,
      limit,
      offset,
      requestId: c.get("requestId") ?? "",
      timestamp: at.toISOString(),
      mode: ranked.mode,
      categories: ranked.categories,
    };
    return c.body(`{"data":[${data.join(",")}],"meta":${JSON.stringify(meta)}}`, 200, {
      "Content-Type": "application/json; charset=utf-8",
    }) as never;
  });
}
