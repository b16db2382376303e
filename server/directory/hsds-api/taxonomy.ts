/**
 * The directory's published taxonomy (taxonomy.json): our categories as top-level terms and a
 * fixed set of needs under them, in English and French, with ids derived from their codes (so
 * they never change). Codes are published forever: add terms, never rename one. A service carries
 * its category's term and every need whose keyword is one of its search terms or synonyms
 * (English or French), or appears word for word in one of its tags.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { CATEGORIES, type Category, type DirectoryService } from "../../../shared/directory/index.js";
import { tokenize } from "../../../shared/text/index.js";
import { hsdsId } from "./ids.js";
import type { Lang } from "./lang.js";

const words = z.object({ en: z.string().min(1), fr: z.string().min(1) });
const fileSchema = z.object({
  about: z.string(),
  categories: z.array(z.object({ code: z.enum(CATEGORIES), name: words, description: words })),
  needs: z.array(
    z.object({
      code: z.string().regex(/^[a-z]+\.[a-z0-9-]+$/),
      parent: z.enum(CATEGORIES),
      name: words,
      description: words,
      keywords: z.array(z.string().min(1)).min(1),
    }),
  ),
});

export interface Term {
  id: string;
  code: string;
  parentId: string | null;
  name: { en: string; fr: string };
  description: { en: string; fr: string };
  /** Folded, stemmed keyword token sequences joined by spaces (needs only). */
  keys: string[];
}

const key = (text: string) => tokenize(text).join(" ");
const data = fileSchema.parse(JSON.parse(readFileSync(new URL("./taxonomy.json", import.meta.url), "utf8")));
const missing = CATEGORIES.filter((c) => !data.categories.some((t) => t.code === c));
if (missing.length) throw new Error(`taxonomy.json has no term for categories: ${missing.join(", ")}`);

for (const n of data.needs)
  for (const k of n.keywords)
    if (!key(k)) throw new Error(`taxonomy.json: keyword "${k}" of ${n.code} is only stop words`);

export const TAXONOMY_ID = hsdsId("taxonomy", "community-health-ca");
const termId = (code: string) => hsdsId("taxonomy_term", code);

export const TERMS: Term[] = [
  ...data.categories.map((c) => ({ ...c, id: termId(c.code), parentId: null, keys: [] })),
  ...data.needs.map((n) => ({
    id: termId(n.code),
    code: n.code,
    parentId: termId(n.parent),
    name: n.name,
    description: n.description,
    keys: n.keywords.map(key),
  })),
];
const byCategory = new Map(TERMS.filter((t) => t.parentId === null).map((t) => [t.code as Category, t]));
const needs = TERMS.filter((t) => t.parentId !== null);

// Keyed by the record object: the catalogue replaces a record when it changes, so entries never go stale.
const carriedBy = new WeakMap<DirectoryService, Term[]>();

/** The terms a service carries: its category first, then its needs in taxonomy order. */
export function termsForService(s: DirectoryService): Term[] {
  let terms = carriedBy.get(s);
  if (!terms) {
    terms = matchTerms(s);
    carriedBy.set(s, terms);
  }
  return terms;
}

function matchTerms(s: DirectoryService): Term[] {
  const exact = new Set(
    [...s.searchTerms.en, ...s.searchTerms.fr, ...s.synonyms.en, ...s.synonyms.fr].map(key),
  );
  const tags = s.tags.map((t) => ` ${key(t)} `);
  const category = byCategory.get(s.category);
  const carried = needs.filter((t) =>
    t.keys.some((k) => exact.has(k) || tags.some((g) => g.includes(` ${k} `))),
  );
  return category ? [category, ...carried] : carried;
}

const TAXONOMY_TEXT = {
  en: {
    name: "Community Health Canada service categories and needs",
    description:
      "The directory's twelve service categories and, under them, the needs people look for help with.",
  },
  fr: {
    name: "Catégories de services et besoins de Santé communautaire Canada",
    description:
      "Les douze catégories de services du répertoire et, sous elles, les besoins pour lesquels on cherche de l'aide.",
  },
};

export function taxonomyObject(lang: Lang) {
  return { id: TAXONOMY_ID, ...TAXONOMY_TEXT[lang], version: "1" };
}

/** An HSDS taxonomy_term in one language (same fields in both). */
export function termObject(t: Term, lang: Lang, withDetail = false) {
  return {
    id: t.id,
    code: t.code,
    name: t.name[lang],
    description: t.description[lang],
    ...(t.parentId ? { parent_id: t.parentId } : {}),
    taxonomy: TAXONOMY_TEXT[lang].name,
    ...(withDetail ? { taxonomy_detail: taxonomyObject(lang) } : {}),
    language: lang,
    taxonomy_id: TAXONOMY_ID,
  };
}
