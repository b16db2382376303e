/**
 * The directory's fixed lists, kept free of zod so the offline search and sync (which read them,
 * but never validate a record) do not load the schemas' library; schemas.ts builds its enums from them.
 */
export const CATEGORIES = [
  "crisis",
  "food",
  "housing",
  "health",
  "legal",
  "financial",
  "employment",
  "education",
  "community",
  "wellness",
  "indigenous",
  "transport",
] as const;

/** Whether a value (a URL parameter, a model's answer) is one of the categories. */
export function isCategory(value: unknown): value is (typeof CATEGORIES)[number] {
  return typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);
}

export const DAYS = ["mo", "tu", "we", "th", "fr", "sa", "su"] as const;
export const VERIFICATION_LEVELS = ["L0", "L1", "L2", "L3"] as const;
