/**
 * GET /api/editions and /api/editions/{id}: the annual editions (spec 001 §2, AnnualEdition) with
 * the spec's fields, and for one edition its shards, their acceptance state and why, and the
 * operator decisions (when and why; who decided stays in the operator's tools). Artifact paths
 * are given relative to the data folder.
 */
import path from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { notFound, validationError } from "../../core/errors.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { errorResponseDoc } from "../../core/openapi.js";
import { ACCEPTANCE_STATES } from "../migrations/001_schema.js";
import { EDITION_STATUSES } from "../migrations/012_edition_status.js";
import type { EditionWithSource } from "../repository.js";
import { repositoryOf } from "../repository-of.js";

const path500 = z
  .string()
  .nullable()
  .openapi({ description: "Path of the artifact, relative to the data folder" });

const editionSchema = z
  .object({
    id: z.number().int(),
    sourceCode: z.string(),
    year: z.number().int(),
    status: z.enum(EDITION_STATUSES as [string, ...string[]]),
    searchReady: z.boolean().openapi({ description: "Every shard not excluded is indexed" }),
    researchReady: z.boolean().openapi({ description: "Search-ready and every shard accepted or excluded" }),
    intendedUrlCount: z.number().int().openapi({ description: "URLs in the current target ledger" }),
    capturedUrlCount: z
      .number()
      .int()
      .openapi({ description: "Intended URLs captured (duplicates included)" }),
    failedUrlCount: z.number().int(),
    excludedUrlCount: z
      .number()
      .int()
      .openapi({ description: "URLs left out by a rule, or with an excluded shard" }),
    backendCounts: z
      .record(z.string(), z.number())
      .nullable()
      .openapi({ description: "Snapshots per capture backend" }),
    coverageSummary: z.record(z.string(), z.unknown()).nullable(),
    targetLedgerPath: path500,
    captureManifestPath: path500,
    coverageReportJsonPath: path500,
    coverageReportMdPath: path500,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ArchiveEdition");

const shardSchema = z
  .object({
    jobId: z.number().int(),
    shardKey: z
      .string()
      .nullable()
      .openapi({ description: "`<path prefix>|<language>[|<part>]`, or legacy-full-site|<digest>" }),
    shardKind: z.string().nullable().openapi({ description: "path-language or legacy-full-site" }),
    jobStatus: z.string(),
    acceptanceState: z.enum(ACCEPTANCE_STATES as [string, ...string[]]).nullable(),
    acceptanceReason: z.string().nullable(),
  })
  .openapi("ArchiveEditionShard");

const editionDetailSchema = editionSchema
  .extend({
    shards: z.array(shardSchema),
    needsReview: z
      .array(z.object({ shardKey: z.string().nullable(), reason: z.string().nullable() }))
      .openapi({
        description: "The shards that need an operator's review, and why",
      }),
    decisions: z.array(
      z.object({
        shardKey: z.string(),
        action: z.enum(["accept", "requeue", "exclude"]),
        fromState: z.string().nullable(),
        toState: z.string(),
        reason: z.string(),
        decidedAt: z.string(),
      }),
    ),
  })
  .openapi("ArchiveEditionDetail");

const listRoute = createRoute({
  method: "get",
  path: "/api/editions",
  summary: "Annual editions (one per source and year) with their coverage",
  tags: ["archive"],
  request: {
    query: z.object({
      source: z.string().max(50).optional().openapi({ description: "Only this source code" }),
      year: z.coerce
        .number()
        .int("must be a whole year")
        .min(1990, "must be 1990 or later")
        .max(2100, "must be 2100 or earlier")
        .optional(),
    }),
  },
  responses: {
    200: {
      description: "Editions, newest year first",
      content: { "application/json": { schema: z.object({ editions: z.array(editionSchema) }) } },
    },
    400: errorResponseDoc("year is not a year from 1990 to 2100, or source is not a source code"),
  },
});

const detailRoute = createRoute({
  method: "get",
  path: "/api/editions/{id}",
  summary: "One annual edition with its shards, their acceptance and the operator decisions",
  tags: ["archive"],
  request: { params: z.object({ id: z.string().openapi({ description: "positive integer edition id" }) }) },
  responses: {
    200: { description: "The edition", content: { "application/json": { schema: editionDetailSchema } } },
    400: errorResponseDoc("id is not a positive integer"),
    404: errorResponseDoc("No such edition"),
  },
});

export function mountEditionRoutes(app: AppRouter, ctx: ModuleContext) {
  const db = repositoryOf(ctx);
  const rel = (p: string | null) => (p ? path.relative(ctx.config.DATA_DIR, p) : null);
  const view = (e: EditionWithSource) => ({
    id: e.id,
    sourceCode: e.source_code,
    year: e.year,
    status: e.status,
    searchReady: e.search_ready === 1,
    researchReady: e.research_ready === 1,
    intendedUrlCount: e.intended_url_count,
    capturedUrlCount: e.captured_url_count,
    failedUrlCount: e.failed_url_count,
    excludedUrlCount: e.excluded_url_count,
    backendCounts: e.backend_counts ? JSON.parse(e.backend_counts) : null,
    coverageSummary: e.coverage_summary ? JSON.parse(e.coverage_summary) : null,
    targetLedgerPath: rel(e.target_ledger_path),
    captureManifestPath: rel(e.capture_manifest_path),
    coverageReportJsonPath: rel(e.coverage_report_json_path),
    coverageReportMdPath: rel(e.coverage_report_md_path),
    createdAt: e.created_at,
    updatedAt: e.updated_at,
  });

  app.openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const source = q.source ? await db.getSourceByCode(q.source) : undefined;
    if (q.source && !source)
      throw validationError(
        `source "${q.source.slice(0, 50)}" does not exist; see /api/sources for the codes`,
      );
    const editions = await db.listEditions({ sourceId: source?.id, year: q.year });
    return c.json({ editions: editions.map(view) }, 200);
  });

  app.openapi(detailRoute, async (c) => {
    const raw = c.req.valid("param").id;
    if (!/^[1-9]\d{0,15}$/.test(raw))
      throw validationError(`id must be a positive integer; got "${raw.slice(0, 40)}"`);
    const e = await db.getEdition(Number(raw));
    if (!e) throw notFound(`edition ${raw} does not exist`);
    const shards = (await db.editionJobs(e.id))
      .filter((j) => !j.superseded_by)
      .map((j) => ({
        jobId: j.id,
        shardKey: j.shard_key,
        shardKind: j.shard_kind,
        jobStatus: j.status,
        acceptanceState: j.acceptance_state,
        acceptanceReason: j.acceptance_reason,
      }));
    return c.json(
      {
        ...view(e),
        shards,
        needsReview: shards
          .filter((s) => s.acceptanceState === "needs_review")
          .map((s) => ({ shardKey: s.shardKey, reason: s.acceptanceReason })),
        decisions: (await db.decisionsOf(e.id)).map((d) => ({
          shardKey: d.shard_key,
          action: d.action,
          fromState: d.from_state,
          toState: d.to_state,
          reason: d.reason,
          decidedAt: d.decided_at,
        })),
      },
      200,
    );
  });
}
