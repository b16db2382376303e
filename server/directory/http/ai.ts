/**
 * Optional AI endpoints (they answer with a non-AI fallback when AI is off, slow or failing):
 * POST /api/v1/ai/interpret and GET /api/v1/services/{id}/summary. `source` says which answered.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { CATEGORIES } from "../../../shared/directory/index.js";
import { notFound } from "../../core/errors.js";
import { langQuery, responseLang } from "../../core/http/response-lang.js";
import type { AppRouter } from "../../core/module.js";
import type { Assistant } from "../ai/assistant.js";
import type { Catalogue } from "../catalogue.js";
import { ErrorSchema, ServiceIdParams } from "../schemas.js";

const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

const interpretRoute = createRoute({
  method: "post",
  path: "/api/v1/ai/interpret",
  tags: ["directory ai"],
  summary: "Turn a question into a category and keywords (AI when configured, else the needs vocabulary)",
  request: {
    body: {
      required: true,
      content: {
        "application/json": { schema: z.object({ question: z.string().trim().min(1).max(500) }).strict() },
      },
    },
  },
  responses: {
    200: {
      description: "Interpretation",
      content: {
        "application/json": {
          schema: z.object({
            data: z.object({
              category: z.enum(CATEGORIES).nullable(),
              keywords: z.array(z.string()),
              source: z.enum(["ai", "vocabulary"]),
            }),
          }),
        },
      },
    },
    400: err("Bad body"),
  },
});

const summaryRoute = createRoute({
  method: "get",
  path: "/api/v1/services/{id}/summary",
  tags: ["directory ai"],
  summary: "A plain-language summary of a service (AI when configured, else assembled from the record)",
  request: {
    params: ServiceIdParams,
    query: z.object({ lang: langQuery("Language of the summary: en or fr.") }),
  },
  responses: {
    200: {
      description: "Summary",
      content: {
        "application/json": {
          schema: z.object({ data: z.object({ summary: z.string(), source: z.enum(["ai", "record"]) }) }),
        },
      },
    },
    400: err("Not a service id, or a lang other than en or fr"),
    404: err("No such service"),
  },
});

export function mountAiRoutes(app: AppRouter, catalogue: Catalogue, assistant: Assistant): void {
  app.openapi(interpretRoute, async (c) =>
    c.json({ data: await assistant.interpret(c.req.valid("json").question) }, 200),
  );
  app.openapi(summaryRoute, async (c) => {
    const { id } = c.req.valid("param");
    const lang = responseLang(c, c.req.valid("query").lang);
    const service = catalogue.resolve(id);
    if (!service) throw notFound(`No service with id "${id}".`);
    return c.json({ data: await assistant.summarize(service, lang) }, 200);
  });
}
