/**
 * The OpenAPI 3.1 document at /api/openapi.json, assembled from every route the modules declare,
 * and the pieces all modules share in it: the error envelope and its responses.
 */
import { z } from "@hono/zod-openapi";
import { type ErrorType, errorStatus } from "./errors.js";
import type { PublicOrigin } from "./http/public-origin.js";
import type { AppRouter } from "./module.js";
import { type AllowedMethods, allowedMethods, completeContract } from "./openapi-contract.js";

const ERROR_TYPES = Object.keys(errorStatus) as [ErrorType, ...ErrorType[]];

/** The one error envelope of every API (DESIGN "Errors"). */
export const ErrorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.enum(ERROR_TYPES).openapi({
      description: "The kind of error; each maps to one HTTP status (ValidationError 400, NotFound 404…)",
    }),
    message: z.string().openapi({ description: "What was wrong and what is allowed, in plain words" }),
    details: z.unknown().optional().openapi({
      description:
        "Structured extras when useful: the bad fields (details.issues) or the current record on a 409",
    }),
  })
  .openapi("ErrorEnvelope", {
    example: {
      success: false,
      error: "ValidationError",
      message: 'Invalid query parameter "limit": must be at most 100.',
    },
  });

/** A documented error response: `description` in the error envelope. */
export const errorResponseDoc = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorEnvelopeSchema } },
});

type Contract = Parameters<typeof completeContract>[0];

/**
 * Serves the document (built once from every mounted route, then completed per origin for its
 * `servers`) and returns a reader of the documented paths for the 405 step.
 */
export function mountOpenApiDocument(
  app: AppRouter,
  publicOrigin: PublicOrigin,
): { allowed: () => AllowedMethods[] } {
  let generated: string | undefined;
  const base = () => {
    generated ??= JSON.stringify(app.getOpenAPI31Document(DOCUMENT_CONFIG));
    return generated;
  };
  const byOrigin = new Map<string, string>();
  app.get("/api/openapi.json", (c) => {
    const origin = publicOrigin.origin(c);
    let text = byOrigin.get(origin);
    if (!text) {
      text = JSON.stringify(completeContract(JSON.parse(base()) as Contract, origin));
      // A handful of origins at most (loopback, the public host name); never grows without bound.
      if (byOrigin.size > 16) byOrigin.clear();
      byOrigin.set(origin, text);
    }
    return c.body(text, 200, { "Content-Type": "application/json; charset=UTF-8" });
  });
  let allowed: AllowedMethods[] | undefined;
  return {
    allowed: () => {
      allowed ??= allowedMethods(JSON.parse(base()) as Contract);
      return allowed;
    },
  };
}

const DOCUMENT_CONFIG: Parameters<AppRouter["getOpenAPI31Document"]>[0] = {
  openapi: "3.1.0",
  info: {
    title: "Community health information for Canada",
    version: "1.0.0",
    description:
      "Wait-time observatory (/api/hospitals, /api/compare, /api/analytics/*, /api/data-quality), " +
      "public-health web archive (/api/search, /api/sources, /api/snapshot, /api/changes, /api/editions, /api/usage, " +
      "/api/exports, /metrics), community services directory (/api/v1/*) and its Open Referral HSDS 3.0 " +
      "read API (/api/hsds/*). Errors use one envelope " +
      '(ErrorEnvelope): {"success": false, "error": "<TypeName>", "message": "..."}. Besides the ' +
      "responses listed per operation, any /api path may answer 413 PayloadTooLarge, 415 " +
      "UnsupportedMediaType (a write whose body, even empty, is declared as something else than JSON), 429 RateLimited (with Retry-After) and 503 " +
      "ServiceUnavailable (past the request time limit, or while the disk refuses writes); each operation lists them. " +
      "A documented path asked with a method it does not take answers 405 MethodNotAllowed with Allow. " +
      "Every /api answer carries RateLimit-Policy and RateLimit (IETF draft httpapi-ratelimit-headers). " +
      "A GET answers 304 to an If-None-Match naming its current ETag.",
  },
  tags: [
    { name: "health", description: "Shared liveness and database check" },
    { name: "waittimes", description: "Emergency-department wait-time observatory" },
    { name: "archive", description: "Public-health web archive" },
    { name: "directory", description: "Community services directory: public reads" },
    { name: "directory auth", description: "Signing in and out of the directory" },
    { name: "directory partner", description: "Partners' and administrators' service edits" },
    { name: "directory admin", description: "Administrators only" },
    { name: "directory ai", description: "Optional question interpretation and summaries" },
    { name: "hsds", description: "The directory as Open Referral HSDS 3.0 (read only)" },
  ],
};
