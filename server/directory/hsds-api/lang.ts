/**
 * Which language a response is written in: `?lang=en|fr` first, else the best of English and
 * French in the Accept-Language header (hono's parser, quality values honoured), else English.
 * Only text we hold in both languages changes; the shape of every object stays the same.
 */
import type { Context } from "hono";
import { type DetectorOptions, detectFromHeader } from "hono/language";

export const LANGS = ["en", "fr"] as const;
export type Lang = (typeof LANGS)[number];

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

export function responseLang(c: Context, fromQuery: Lang | undefined): Lang {
  const lang = fromQuery ?? (detectFromHeader(c, headerOptions) as Lang | undefined) ?? "en";
  // Caches must key on the header the body depends on.
  c.header("Vary", "Accept-Language", { append: true });
  c.header("Content-Language", lang);
  return lang;
}
