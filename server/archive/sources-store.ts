/**
 * Sources (table `sources` in archive.sqlite): the agencies whose sites are archived. The four
 * built-in sources are written on first start; base URLs of the three agencies are their real
 * public sites, the `demo` source is the bundled site served on loopback.
 */
import type { Reader, Store } from "../db/types.js";
import { checkLengths } from "./limits.js";

export interface SourceRow {
  id: number;
  code: string;
  name: string;
  base_url: string | null;
  description: string | null;
  enabled: number;
  created_at: string;
  updated_at: string;
}

/** Public wording: the demo source is shown on the archive page like any other. */
export const DEMO_SOURCE_DESCRIPTION =
  "A sample public-health website that comes with the app, so the archive has pages to show from the first day.";

export const BUILT_IN_SOURCES = [
  {
    code: "hc",
    name: "Health Canada",
    base_url: "https://www.canada.ca/en/health-canada.html",
    description: "Federal department responsible for health policy, product safety and regulation.",
  },
  {
    code: "phac",
    name: "Public Health Agency of Canada",
    base_url: "https://www.canada.ca/en/public-health.html",
    description: "Federal agency for disease prevention, surveillance and emergency preparedness.",
  },
  {
    code: "cihr",
    name: "Canadian Institutes of Health Research",
    base_url: "https://cihr-irsc.gc.ca/e/193.html",
    description: "Federal agency that funds health research.",
  },
  {
    code: "demo",
    name: "Community Health Demo Agency",
    base_url: null,
    description: DEMO_SOURCE_DESCRIPTION,
  },
];

export function getSourceByCode(db: Reader, code: string): SourceRow | undefined {
  return db.get<SourceRow>("SELECT * FROM sources WHERE code = ?", [code]);
}

export function getSourceById(db: Reader, id: number): SourceRow | undefined {
  return db.get<SourceRow>("SELECT * FROM sources WHERE id = ?", [id]);
}

export function listSources(db: Reader): SourceRow[] {
  return db.all<SourceRow>("SELECT * FROM sources ORDER BY code");
}

/** Inserts the built-in sources that are missing; idempotent. */
export async function ensureBuiltInSources(store: Store, now: string): Promise<void> {
  const missing = BUILT_IN_SOURCES.filter((s) => !getSourceByCode(store, s.code));
  if (!missing.length) return;
  await store.write((tx) => {
    for (const s of missing) {
      checkLengths("sources", s);
      tx.run(
        "INSERT OR IGNORE INTO sources (code, name, base_url, description, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)",
        [s.code, s.name, s.base_url, s.description, now, now],
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
