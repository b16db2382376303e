/**
 * The OpenAPI 3.1 document at /api/openapi.json, assembled from every route the modules declare,
 * and the pieces all modules share in it: the error envelope and its responses.
 */
import { z } from "@hono/zod-openapi";
import { type ErrorType, errorStatus } from "./errors.js";
import type { AppRouter } from "./module.js";

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

export function mountOpenApiDocument(app: AppRouter): void {
  app.doc31("/api/openapi.json", {
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
        "ServiceUnavailable (past the request time limit, or while the disk refuses writes).",
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
  });
}
