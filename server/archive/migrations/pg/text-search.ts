/**
 * PostgreSQL's own full-text search for the archive (revision 1 installs it): `unaccent` and
 * `pg_trgm` (both in Debian's postgresql package, trusted extensions: a database owner may add
 * them), three text search configurations that fold accents before stemming (English, French)
 * or before nothing (`simple`, for the vocabulary), and the URL depth penalty of ../../search/rank.ts
 * as an immutable SQL function so ranking can apply it inside the query.
 * The extensions go into the module's schema so the pool's search path (the schema alone) finds
 * their functions and operators; revision 1's down removes them only from there.
 */

const configs = [
  ["english_unaccent", "english", "english_stem"],
  ["french_unaccent", "french", "french_stem"],
  ["simple_unaccent", "simple", "simple"],
] as const;

export const textSearchUp = `
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA archive;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA archive;
${configs
  .map(
    ([
      name,
      from,
      dictionary,
    ]) => `CREATE TEXT SEARCH CONFIGURATION archive.${name} (COPY = pg_catalog.${from});
ALTER TEXT SEARCH CONFIGURATION archive.${name} ALTER MAPPING FOR hword, hword_part, word WITH archive.unaccent, ${dictionary};`,
  )
  .join("\n")}
-- Same formula as urlPenalty() in search/rank.ts: deep paths and query strings rank lower.
CREATE FUNCTION archive.url_penalty(url text) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  (1.0 / (1 + 0.08 * GREATEST(0, COALESCE(cardinality(array_remove(string_to_array(
      split_part(regexp_replace(url, '^[a-z]+://[^/]*', '', 'i'), '?', 1), '/'), '')), 0) - 1)))
  * (CASE WHEN strpos(regexp_replace(url, '^[a-z]+://[^/]*', '', 'i'), '?') > 0 THEN 0.8 ELSE 1 END);
`;

export const textSearchDown = `
DROP FUNCTION archive.url_penalty(text);
${configs.map(([name]) => `DROP TEXT SEARCH CONFIGURATION archive.${name};`).join("\n")}
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
             WHERE e.extname = 'pg_trgm' AND n.nspname = 'archive') THEN DROP EXTENSION pg_trgm; END IF;
  IF EXISTS (SELECT 1 FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
             WHERE e.extname = 'unaccent' AND n.nspname = 'archive') THEN DROP EXTENSION unaccent; END IF;
END $$;
`;
