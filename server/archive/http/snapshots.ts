/**
 * Public archive routes mounted at the spec's paths. Part 1 serves the source list and single
 * snapshot records; search, changes, usage and exports are added beside them.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { notFound, validationError } from "../../core/errors.js";
import { type SerializedJson, sendSerialized, serializeJson } from "../../core/http/json-etag.js";
import { LANGS, type Lang, langQuery, responseLang } from "../../core/http/response-lang.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { errorResponseDoc } from "../../core/openapi.js";
import { sourceName } from "../crawl/sources-store.js";
import type { UsageCounter } from "../monitoring/usage.js";
import { replayPath } from "../replay/replay-rewrite.js";
import type { SourceSummaryRow } from "../repository.js";
import { repositoryOf } from "../repository-of.js";

const sourceSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    baseUrl: z.string().nullable(),
    description: z.string().nullable(),
    textLanguage: z.enum(LANGS).openapi({
      description:
        "Language name and description are written in: the one asked for when we hold it, else English.",
    }),
    enabled: z.boolean(),
    snapshotCount: z.number().int(),
    firstCapture: z.string().nullable(),
    latestCapture: z.string().nullable(),
  })
  .openapi("ArchiveSource");

const snapshotSchema = z
  .object({
    id: z.number().int(),
    jobId: z.number().int().nullable().openapi({ description: "The crawl job that captured it" }),
    sourceCode: z.string().nullable(),
    sourceName: z.string().nullable(),
    url: z.string().openapi({ description: "The captured address" }),
    normalizedUrlGroup: z
      .string()
      .nullable()
      .openapi({ description: "The page's address normalised, shared by every capture of that page" }),
    captureTimestamp: z.string().openapi({ description: "ISO 8601 time of the capture" }),
    mimeType: z.string().nullable(),
    statusCode: z.number().int().nullable().openapi({ description: "HTTP status the site answered" }),
    title: z.string().nullable(),
    snippet: z.string().nullable(),
    language: z.string().nullable(),
    captureBackend: z.string(),
    captureFidelity: z.enum(["high", "fallback", "unknown"]),
    provenance: z.record(z.string(), z.unknown()).nullable().openapi({
      description: "How the capture was made (crawler, robots decision, request and response facts)",
    }),
    warcRecordId: z.string().nullable(),
    contentHash: z.string().nullable(),
    isDuplicate: z.boolean().openapi({ description: "Same content as the previous capture of the page" }),
    previousSnapshotId: z.number().int().nullable(),
    nextSnapshotId: z.number().int().nullable(),
    replayUrl: z.string().nullable().openapi({
      description: "Where the capture replays, on the separate replay origin; null when replay is off",
    }),
  })
  .openapi("ArchiveSnapshot");

const sourcesRoute = createRoute({
  method: "get",
  path: "/api/sources",
  summary: "Archived sources with snapshot counts and first/latest capture",
  tags: ["archive"],
  request: { query: z.object({ lang: langQuery("Language of names and descriptions: en or fr.") }) },
  responses: {
    200: {
      description: "Every source",
      content: { "application/json": { schema: z.object({ sources: z.array(sourceSchema) }) } },
    },
    400: errorResponseDoc("lang is neither en nor fr"),
  },
});

const snapshotRoute = createRoute({
  method: "get",
  path: "/api/snapshot/{id}",
  summary: "One snapshot record with title, provenance and replay URL",
  tags: ["archive"],
  request: {
    params: z.object({ id: z.string().openapi({ description: "positive integer snapshot id" }) }),
    query: z.object({ lang: langQuery("Language of sourceName: en or fr.") }),
  },
  responses: {
    200: {
      description: "The snapshot",
      content: { "application/json": { schema: snapshotSchema } },
    },
    400: errorResponseDoc("id is not a positive integer"),
    404: errorResponseDoc("No such snapshot"),
  },
});

/** A source as the API shows it, in French when we hold both its French name and description. */
function sourceView(r: SourceSummaryRow, lang: Lang) {
  const french = lang === "fr" && r.name_fr !== null && (r.description_fr !== null || r.description === null);
  return {
    code: r.code,
    name: french ? (r.name_fr as string) : r.name,
    baseUrl: r.base_url,
    description: french ? r.description_fr : r.description,
    textLanguage: french ? ("fr" as const) : ("en" as const),
    enabled: r.enabled === 1,
    snapshotCount: Number(r.snapshot_count),
    firstCapture: r.first_capture,
    latestCapture: r.latest_capture,
  };
}

export function mountArchiveRoutes(
  app: AppRouter,
  ctx: ModuleContext,
  deps: { replayUrl: () => string | null; usage: UsageCounter },
) {
  const db = repositoryOf(ctx);
  // The per-source aggregates change only with a write: serialized (with their ETag) once per data
  // version and language, so a write shows at once and a read costs no query.
  let cached: { version: number; byLang: Map<Lang, SerializedJson> } | null = null;
  app.openapi(sourcesRoute, async (c) => {
    const lang = responseLang(c, c.req.valid("query").lang);
    const version = await db.dataVersion();
    if (cached?.version !== version) cached = { version, byLang: new Map() };
    let body = cached.byLang.get(lang);
    if (!body) {
      body = serializeJson({ sources: (await db.listSourceSummaries()).map((r) => sourceView(r, lang)) });
      cached.byLang.set(lang, body);
    }
    return sendSerialized(c, body) as never;
  });

  app.openapi(snapshotRoute, async (c) => {
    const raw = c.req.valid("param").id;
    const lang = responseLang(c, c.req.valid("query").lang);
    if (!/^[1-9]\d{0,15}$/.test(raw))
      throw validationError(`id must be a positive integer; got "${raw.slice(0, 40)}"`);
    const s = await db.getSnapshot(Number(raw));
    if (!s) throw notFound(`snapshot ${raw} does not exist`);
    const source = s.source_id ? await db.getSourceById(s.source_id) : undefined;
    const neighbours = await db.snapshotNeighbours(s);
    const replay = deps.replayUrl();
    deps.usage.count("snapshot_views");
    return c.json(
      {
        id: s.id,
        jobId: s.job_id,
        sourceCode: source?.code ?? null,
        sourceName: source ? sourceName(source, lang) : null,
        url: s.url,
        normalizedUrlGroup: s.normalized_url_group,
        captureTimestamp: s.capture_timestamp,
        mimeType: s.mime_type,
        statusCode: s.status_code,
        title: s.title,
        snippet: s.snippet,
        language: s.language,
        captureBackend: s.capture_backend,
        captureFidelity: s.capture_fidelity,
        provenance: s.provenance_json ? JSON.parse(s.provenance_json) : null,
        warcRecordId: s.warc_record_id,
        contentHash: s.content_hash,
        isDuplicate: s.is_duplicate === 1,
        previousSnapshotId: neighbours?.prev ?? null,
        nextSnapshotId: neighbours?.next ?? null,
        replayUrl:
          replay && s.job_id
            ? `${replay}${replayPath(s.job_id, s.url)}${s.url.includes("?") ? "&" : "?"}ts=${s.capture_timestamp.replace(/[-:T]|\.\d+Z$|Z$/g, "").slice(0, 14)}`
            : null,
      },
      200,
    );
  });
}
