/**
 * The one way a route picks the language of the text it writes: `?lang=en|fr` first (validated:
 * any other value is a 400 naming `lang`), else the best of English and French in the
 * Accept-Language header (hono's parser, quality values honoured), else English. Only text we
 * hold in both languages changes; the shape of every answer stays the same.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type DetectorOptions, detectFromHeader } from "hono/language";
import type { AppEnv } from "../module.js";

export const LANGS = ["en", "fr"] as const;
export type Lang = (typeof LANGS)[number];

/** The optional `lang` query parameter, with the same error wording on every route. */
export function langQuery(description: string) {
  return z
    .enum(LANGS, { error: `must be one of ${LANGS.join(", ")}` })
    .optional()
    .openapi({
      description: `${description} Without it, the Accept-Language header decides; English otherwise.`,
    });
}

const headerOptions: DetectorOptions = {
  order: ["header"],
  lookupQueryString: "lang",
  lookupCookie: "language",
  lookupFromPathIndex: 0,
  lookupFromHeaderKey: "accept-language",
  caches: false,
  ignoreCase: true,
  fallbackLanguage: "en",
  supportedLanguages: [...LANGS],
};

export function responseLang(c: Context<AppEnv>, fromQuery: Lang | undefined): Lang {
  const lang = fromQuery ?? (detectFromHeader(c, headerOptions) as Lang | undefined) ?? "en";
  // Caches must key on the header the body depends on. Into the prepared record when there is one
  // (response-headers.ts), so any way of answering carries them without a Headers object.
  const prepared = c.get("responseHeaders");
  if (prepared) {
    prepared["content-language"] = lang;
    if (!prepared.vary.includes("Accept-Language")) prepared.vary = `Accept-Language, ${prepared.vary}`;
    return lang;
  }
  c.header("Vary", "Accept-Language", { append: true });
  c.header("Content-Language", lang);
  return lang;
}
