/**
 * Sources (table `sources` in archive.sqlite): the agencies whose sites are archived. The four
 * built-in sources are written on first start; base URLs of the three agencies are their real
 * public sites, the `demo` source is the bundled site served on loopback. Names and descriptions
 * are held in English and French (name_fr, description_fr: migration 005); the French names of
 * the three agencies are their official ones.
 */
import type { Lang } from "../core/http/response-lang.js";
import type { Reader, Store } from "../db/types.js";
import { checkLengths } from "./limits.js";

export interface SourceRow {
  id: number;
  code: string;
  name: string;
  base_url: string | null;
  description: string | null;
  name_fr: string | null;
  description_fr: string | null;
  enabled: number;
  created_at: string;
  updated_at: string;
}

/** Public wording: the demo source is shown on the archive page like any other. */
export const DEMO_SOURCE_DESCRIPTION =
  "A sample public-health website that comes with the app, so the archive has pages to show from the first day.";
export const DEMO_SOURCE_DESCRIPTION_FR =
  "Un exemple de site Web de santé publique fourni avec l’application, pour que les archives aient des pages à montrer dès le premier jour.";

export const BUILT_IN_SOURCES = [
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

export function getSourceByCode(db: Reader, code: string): SourceRow | undefined {
  return db.get<SourceRow>("SELECT * FROM sources WHERE code = ?", [code]);
}

export function getSourceById(db: Reader, id: number): SourceRow | undefined {
  return db.get<SourceRow>("SELECT * FROM sources WHERE id = ?", [id]);
}

export function listSources(db: Reader): SourceRow[] {
  return db.all<SourceRow>("SELECT * FROM sources ORDER BY code");
}

export interface SourceSummaryRow {
  code: string;
  name: string;
  name_fr: string | null;
  base_url: string | null;
  description: string | null;
  description_fr: string | null;
  enabled: number;
  snapshot_count: number;
  first_capture: string | null;
  latest_capture: string | null;
}

/** Every source with its number of captures and the span they cover. */
export function listSourceSummaries(db: Reader): SourceSummaryRow[] {
  return db.all<SourceSummaryRow>(
    `SELECT s.code, s.name, s.name_fr, s.base_url, s.description, s.description_fr, s.enabled,
            COUNT(n.id) AS snapshot_count, MIN(n.capture_timestamp) AS first_capture, MAX(n.capture_timestamp) AS latest_capture
       FROM sources s LEFT JOIN snapshots n ON n.source_id = s.id GROUP BY s.id ORDER BY s.code`,
  );
}

/** Inserts the built-in sources that are missing; idempotent. */
export async function ensureBuiltInSources(store: Store, now: string): Promise<void> {
  const missing = BUILT_IN_SOURCES.filter((s) => !getSourceByCode(store, s.code));
  if (!missing.length) return;
  await store.write((tx) => {
    for (const s of missing) {
      checkLengths("sources", s);
      tx.run(
        "INSERT OR IGNORE INTO sources (code, name, base_url, description, name_fr, description_fr, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)",
        [s.code, s.name, s.base_url, s.description, s.name_fr, s.description_fr, now, now],
      );
    }
  });
}

export async function setSourceBaseUrl(
  store: Store,
  code: string,
  baseUrl: string,
  now: string,
): Promise<void> {
  checkLengths("sources", { base_url: baseUrl });
  await store.write((tx) =>
    tx.run("UPDATE sources SET base_url = ?, updated_at = ? WHERE code = ?", [baseUrl, now, code]),
  );
}
