/**
 * The published taxonomy: GET /api/hsds/taxonomies, /taxonomies/{id}, /taxonomy_terms and
 * /taxonomy_terms/{id}. Static data, in English or French.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { foldAccents } from "../../../shared/text/index.js";
import { notFound } from "../../core/errors.js";
import type { AppRouter } from "../../core/module.js";
import { isUuid } from "./ids.js";
import { responseLang } from "./lang.js";
import { listAnswer } from "./paging.js";
import { fullFlag, pagingQuery, searchParam } from "./query.js";
import { BAD_QUERY, errorResponse, idParams, ok, okList, TAG } from "./routes-common.js";
import { HsdsTaxonomy, HsdsTaxonomyTerm } from "./schemas/objects.js";
import { hsdsPage } from "./schemas/records.js";
import { TAXONOMY_ID, TERMS, type Term, taxonomyObject, termObject } from "./taxonomy.js";

const langQuery = z.object({ lang: pagingQuery.lang });
const simpleSearch = searchParam.openapi({
  description: "Words found in the name or description (either language).",
});

const taxonomiesRoute = createRoute({
  method: "get",
  path: "/api/hsds/taxonomies",
  tags: [TAG],
  summary: "The taxonomies services are classified with (one: our categories and needs)",
  request: { query: z.object({ ...pagingQuery, search: simpleSearch }) },
  responses: {
    200: okList(hsdsPage(HsdsTaxonomy, "HsdsTaxonomyPage"), ["HsdsTaxonomy"], "A page of taxonomies"),
    400: BAD_QUERY,
  },
});

const taxonomyRoute = createRoute({
  method: "get",
  path: "/api/hsds/taxonomies/{id}",
  tags: [TAG],
  summary: "One taxonomy",
  request: { params: idParams("taxonomy"), query: langQuery },
  responses: {
    200: ok(HsdsTaxonomy, "The taxonomy"),
    400: BAD_QUERY,
    404: errorResponse("No such taxonomy"),
  },
});

const termsRoute = createRoute({
  method: "get",
  path: "/api/hsds/taxonomy_terms",
  tags: [TAG],
  summary: "Taxonomy terms, paged: categories (top level) and the needs under them",
  request: {
    query: z.object({
      ...pagingQuery,
      search: simpleSearch,
      taxonomy_id: z.string().max(200).optional().openapi({ description: "Only terms of this taxonomy." }),
      top_only: fullFlag("true: only top-level terms (those without a parent): the categories."),
      parent_id: z.string().max(200).optional().openapi({ description: "Only the children of this term." }),
    }),
  },
  responses: {
    200: okList(hsdsPage(HsdsTaxonomyTerm, "HsdsTaxonomyTermPage"), ["HsdsTaxonomyTerm"], "A page of terms"),
    400: BAD_QUERY,
  },
});

const termRoute = createRoute({
  method: "get",
  path: "/api/hsds/taxonomy_terms/{id}",
  tags: [TAG],
  summary: "One taxonomy term, with its taxonomy",
  request: { params: idParams("taxonomy term"), query: langQuery },
  responses: { 200: ok(HsdsTaxonomyTerm, "The term"), 400: BAD_QUERY, 404: errorResponse("No such term") },
});

const matches = (search: string | undefined, ...texts: string[]) =>
  !search || texts.some((t) => foldAccents(t).includes(foldAccents(search)));
const same = (a: string, b: string) => (isUuid(a) ? a.toLowerCase() === b : false);
const findTerm = (id: string): Term | undefined => TERMS.find((t) => same(id, t.id) || t.code === id);

export function mountTaxonomyRoutes(app: AppRouter): void {
  app.openapi(taxonomiesRoute, (c) => {
    const q = c.req.valid("query");
    const lang = responseLang(c, q.lang);
    const all = [taxonomyObject("en"), taxonomyObject("fr")];
    const found = matches(q.search, ...all.flatMap((t) => [t.name, t.description]))
      ? [taxonomyObject(lang)]
      : [];
    return listAnswer(c, found, q, (t) => t) as never;
  });

  app.openapi(taxonomyRoute, (c) => {
    const { id } = c.req.valid("param");
    const lang = responseLang(c, c.req.valid("query").lang);
    if (!same(id, TAXONOMY_ID)) throw notFound(`No taxonomy with id "${id}".`);
    return c.json(taxonomyObject(lang), 200) as never;
  });

  app.openapi(termsRoute, (c) => {
    const q = c.req.valid("query");
    const lang = responseLang(c, q.lang);
    const terms = TERMS.filter(
      (t) =>
        (q.taxonomy_id === undefined || same(q.taxonomy_id, TAXONOMY_ID)) &&
        (!q.top_only || t.parentId === null) &&
        (q.parent_id === undefined || (t.parentId !== null && findTerm(q.parent_id)?.id === t.parentId)) &&
        matches(q.search, t.name.en, t.name.fr, t.description.en, t.description.fr),
    );
    return listAnswer(c, terms, q, (t) => termObject(t, lang)) as never;
  });

  app.openapi(termRoute, (c) => {
    const { id } = c.req.valid("param");
    const lang = responseLang(c, c.req.valid("query").lang);
    const term = findTerm(id);
    if (!term) throw notFound(`No taxonomy term with id "${id}".`);
    return c.json(termObject(term, lang, true), 200) as never;
  });
}
