/**
 * GET /api/exports/editions/{id}.wacz and /api/exports/jobs/{id}.wacz: an annual edition or one
 * crawl job as a WACZ package, streamed with its exact Content-Length. The route is declared with
 * a pattern (Hono cannot read `{id}.wacz` as a parameter) and documented separately.
 */
import { Readable } from "node:stream";
import { validationError } from "../../core/errors.js";
import { documentNoStore, markNoStore } from "../../core/http/no-store.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { errorResponseDoc } from "../../core/openapi.js";
import type { UsageCounter } from "../monitoring/usage.js";
import { editionTarget, jobTarget } from "../offline/offline-store.js";
import { buildWacz, WACZ_MEDIA_TYPE } from "../offline/wacz.js";
import { repositoryOf } from "../repository-of.js";

const KINDS = {
  editions: { what: "annual edition", target: editionTarget },
  jobs: { what: "crawl job", target: jobTarget },
} as const;

export function mountWaczRoutes(app: AppRouter, ctx: ModuleContext, deps: { usage: UsageCounter }) {
  for (const [kind, { what, target }] of Object.entries(KINDS)) {
    const documented = documentNoStore({
      method: "get",
      path: `/api/exports/${kind}/{id}.wacz`,
      summary: `Download one ${what} as a WACZ package (opens in ReplayWeb.page, offline)`,
      description:
        "A WACZ 1.1.1 package: the WARC files under archive/, the sorted CDXJ index under indexes/index.cdxj, " +
        "pages/pages.jsonl (every page captured with a 2xx answer), datapackage.json with the SHA-256 and size of " +
        "each file, and datapackage-digest.json. Streamed; Content-Length is exact. Only indexed crawl jobs are " +
        "packaged (an edition leaves out jobs marked excluded).",
      tags: ["archive"],
      parameters: [
        {
          name: "id",
          in: "path",
          required: true,
          description: `The ${what} id`,
          schema: { type: "integer", minimum: 1, example: 1 },
        },
      ],
      responses: {
        200: {
          description: "The package, as an attachment",
          headers: {
            "Content-Disposition": {
              description: `attachment; filename="chc-archive-<source>-<year>.wacz" (editions) or "chc-archive-job-<id>.wacz"`,
              schema: { type: "string" },
            },
            "Content-Length": {
              description: "Exact size of the package in bytes",
              schema: { type: "integer" },
            },
          },
          content: { [WACZ_MEDIA_TYPE]: { schema: { type: "string", format: "binary" } } },
        },
        400: errorResponseDoc("The id is not a positive whole number"),
        404: errorResponseDoc(`No ${what} has this id`),
        409: errorResponseDoc(
          `The ${what} has no indexed crawl to package yet, or WARC files its records point into are missing or ` +
            "short on the server (named relative to the archive's folder): no partial package is sent",
        ),
      },
    });
    app.openAPIRegistry.registerPath(documented);

    // Built for each request: never stored, so the answer step does not read it whole for a tag.
    app.get(`/api/exports/${kind}/:file{[^/]+\\.wacz}`, markNoStore, async (c) => {
      const raw = c.req.param("file").slice(0, -".wacz".length);
      if (!/^[1-9]\d{0,9}$/.test(raw))
        throw validationError(
          `Invalid path parameter "id": "${raw.slice(0, 40)}" is not a ${what} id; use a positive whole number, as in /api/exports/${kind}/1.wacz.`,
        );
      const repo = repositoryOf(ctx);
      const pkg = await buildWacz(repo, await target(repo, Number(raw)));
      deps.usage.count("exports");
      return c.body(Readable.toWeb(pkg.stream) as ReadableStream, 200, {
        "Content-Type": WACZ_MEDIA_TYPE,
        "Content-Length": String(pkg.size),
        "Content-Disposition": `attachment; filename="${pkg.filename}"`,
        "X-Streamed": "1",
      });
    });
  }
}
