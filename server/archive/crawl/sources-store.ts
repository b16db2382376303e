/**
 * Sources (table `sources` in archive.sqlite): the agencies whose sites are archived. The four
 * built-in sources are written on first start; base URLs of the three agencies are their real
 * public sites, the `demo` source is the bundled site served on loopback. Names and descriptions
 * are held in English and French (name_fr, description_fr: migration 005); the French names of
 * the three agencies are their official ones.
 */
import type { Lang } from "../../core/http/response-lang.js";
import type { NewSource } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";

export type { SourceRow, SourceSummaryRow } from "../repository.js";

/** Public wording: the demo source is shown on the archive page like any other. */
export const DEMO_SOURCE_DESCRIPTION =
  "A sample public-health website that comes with the app, so the archive has pages to show from the first day.";
export const DEMO_SOURCE_DESCRIPTION_FR =
  "Un exemple de site Web de santé publique fourni avec l’application, pour que les archives aient des pages à montrer dès le premier jour.";

export const BUILT_IN_SOURCES: NewSource[] = [
  {
    code: "hc",
    name: "Health Canada",
    base_url: "https://www.canada.ca/en/health-canada.html",
    description: "Federal department responsible for health policy, product safety and regulation.",
    name_fr: "Santé Canada",
    description_fr:
      "Ministère fédéral responsable des politiques de santé, de la sécurité des produits et de la réglementation.",
  },
  {
    code: "phac",
    name: "Public Health Agency of Canada",
    base_url: "https://www.canada.ca/en/public-health.html",
    description: "Federal agency for disease prevention, surveillance and emergency preparedness.",
    name_fr: "Agence de la santé publique du Canada",
    description_fr:
      "Agence fédérale chargée de la prévention des maladies, de la surveillance et de la préparation aux urgences.",
  },
  {
    code: "cihr",
    name: "Canadian Institutes of Health Research",
    base_url: "https://cihr-irsc.gc.ca/e/193.html",
    description: "Federal agency that funds health research.",
    name_fr: "Instituts de recherche en santé du Canada",
    description_fr: "Organisme fédéral qui finance la recherche en santé.",
  },
  {
    code: "demo",
    name: "Community Health Demo Agency",
    base_url: null,
    description: DEMO_SOURCE_DESCRIPTION,
    name_fr: "Agence de démonstration en santé communautaire",
    description_fr: DEMO_SOURCE_DESCRIPTION_FR,
  },
];

/** A source's name in `lang` when we hold it, else the English one. */
export function sourceName(source: { name: string; name_fr: string | null }, lang: Lang): string {
  return lang === "fr" && source.name_fr ? source.name_fr : source.name;
}

/** Inserts the built-in sources that are missing; idempotent. */
export async function ensureBuiltInSources(db: StoreOrRepository, now: string): Promise<void> {
  await asArchiveRepository(db).ensureSources(BUILT_IN_SOURCES, now);
}

export async function setSourceBaseUrl(db: StoreOrRepository, code: string, baseUrl: string, now: string) {
  await asArchiveRepository(db).setSourceBaseUrl(code, baseUrl, now);
}

/** A sql.js read kept for the tests that read a source synchronously. */
export { sourceByCode as getSourceByCode } from "../repository-sqljs/sources.js";
