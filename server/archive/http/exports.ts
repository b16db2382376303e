/**
 * Bulk exports: GET /api/exports (manifest: formats, limits, data dictionary) and
 * GET /api/exports/snapshots | /api/exports/changes, streamed in constant memory: rows are read
 * in keyset pages of 500 (`id > afterId`), written as JSON lines or CSV, gzipped when asked.
 */
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { createRoute, z } from "@hono/zod-openapi";
import { noStore } from "../../core/http/no-store.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { errorResponseDoc } from "../../core/openapi.js";
import type { UsageCounter } from "../monitoring/usage.js";
import { repositoryOf } from "../repository-of.js";
import { captureFilterParams, checkDateOrder, flagWithDefault, languageParam } from "../schemas.js";

const PAGE = 500;
const MAX_ROWS = 1_000_000;

const COLUMNS = {
  snapshots: {
    id: "snapshot id",
    job_id: "crawl job id",
    source_code: "source code",
    url: "captured URL",
    normalized_url_group: "canonical URL grouping captures of one page",
    capture_timestamp: "capture time from the WARC record (ISO 8601, UTC)",
    mime_type: "media type",
    status_code: "HTTP status",
    title: "page title",
    language: "en or fr (lang attribute, else detected)",
    content_hash: "SHA-256 of the body",
    is_duplicate: "1 when an earlier capture of the page had the same body",
    capture_backend: "capture tool",
    capture_fidelity: "high, fallback or unknown",
    warc_record_id: "WARC-Record-ID",
  },
  changes: {
    id: "change id",
    job_id: "crawl job that revealed the change",
    source_code: "source code",
    change_type: "new_page, updated or removed",
    url: "page URL",
    captured_at: "capture time of the newer capture",
    summary: "human summary",
    added_lines: "lines added",
    removed_lines: "lines removed",
    change_ratio: "changed lines / all lines",
    high_noise: "1 when only dates, numbers or spacing changed",
    snapshot_id: "newer capture",
    previous_snapshot_id: "older capture",
  },
} as const;

const exportQuery = z.object({
  format: z.enum(["jsonl", "csv"]).default("jsonl"),
  gzip: flagWithDefault(false),
  afterId: z.coerce.number().int("must be an integer").min(0, "must be 0 or more").default(0),
  limit: z.coerce
    .number()
    .int("must be an integer")
    .min(1, "must be 1 or more")
    .max(MAX_ROWS, `must be at most ${MAX_ROWS}`)
    .default(MAX_ROWS),
  ...captureFilterParams,
  language: languageParam.optional(),
  includeNon2xx: flagWithDefault(true),
  includeDuplicates: flagWithDefault(true),
  includeNoise: flagWithDefault(true),
});

const csvCell = (v: string | number | null | undefined) => {
  if (v === null || v === undefined) return "";
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function mountExportRoutes(app: AppRouter, ctx: ModuleContext, deps: { usage: UsageCounter }) {
  const db = repositoryOf(ctx);
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/exports",
      summary: "Export manifest: formats, limits and data dictionary",
      tags: ["archive"],
      responses: {
        200: {
          description: "Manifest",
          content: {
            "application/json": {
              schema: z.record(z.string(), z.unknown()).openapi("ArchiveExportManifest"),
            },
          },
        },
      },
    }),
    async (c) => {
      const counts = { snapshots: await db.countRows("snapshots"), changes: await db.countRows("changes") };
      return c.json(
        {
          formats: ["jsonl", "csv"],
          compression: ["none", "gzip (gzip=true)"],
          paging: "keyset: pass the last id you received as afterId to continue",
          limits: { maxRowsPerRequest: MAX_ROWS, batchRows: PAGE },
          // Whole editions to read offline (wacz.ts).
          packages: {
            wacz: ["/api/exports/editions/{id}.wacz", "/api/exports/jobs/{id}.wacz"],
          },
          datasets: Object.fromEntries(
            (["snapshots", "changes"] as const).map((k) => [
              k,
              {
                path: `/api/exports/${k}`,
                rows: counts[k],
                columns: COLUMNS[k],
              },
            ]),
          ),
        },
        200,
      );
    },
  );

  for (const kind of ["snapshots", "changes"] as const) {
    app.openapi(
      noStore(
        createRoute({
          method: "get",
          path: `/api/exports/${kind}`,
          summary: `Stream every ${kind === "snapshots" ? "snapshot record" : "change"} as JSON lines or CSV`,
          tags: ["archive"],
          request: { query: exportQuery },
          responses: {
            200: {
              description: "The rows, streamed",
              content: {
                "application/x-ndjson": { schema: z.string() },
                "text/csv": { schema: z.string() },
                // gzip=true: the same lines, gzipped as a file (not a Content-Encoding).
                "application/gzip": { schema: z.string().openapi({ format: "binary" }) },
              },
            },
            400: errorResponseDoc("Bad parameter"),
          },
        }),
      ),
      (c) => {
        const q = c.req.valid("query");
        checkDateOrder(q);
        const columns = Object.keys(COLUMNS[kind]);
        let after = q.afterId;
        let left = q.limit;
        let header = q.format === "csv";
        deps.usage.count("exports");
        async function* lines() {
          if (header) {
            header = false;
            yield `${columns.join(",")}\n`;
          }
          while (left > 0) {
            const rows = await db.exportRows(kind, columns, q, after, Math.min(PAGE, left));
            if (!rows.length) return;
            let chunk = "";
            for (const r of rows)
              chunk +=
                q.format === "csv"
                  ? `${columns.map((k) => csvCell(r[k])).join(",")}\n`
                  : `${JSON.stringify(r)}\n`;
            after = Number(rows[rows.length - 1].id);
            left -= rows.length;
            yield chunk;
            // Let other requests run between batches.
            await new Promise((r) => setImmediate(r));
          }
        }
        let stream: Readable = Readable.from(lines());
        if (q.gzip) stream = stream.pipe(createGzip());
        const ext = `${q.format}${q.gzip ? ".gz" : ""}`;
        const type = q.gzip
          ? "application/gzip"
          : q.format === "csv"
            ? "text/csv; charset=utf-8"
            : "application/x-ndjson";
        return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
          "Content-Type": type,
          "Content-Disposition": `attachment; filename="archive-${kind}.${ext}"`,
        });
      },
    );
  }
}
