/** The directory's isomorphic surface: record schemas and types, the ranking, crisis detection, open-now, the needs vocabulary. */

export { analyzeQuery, closestConcepts, type QueryAnalysis } from "./analyze-query.js";
export { type CrisisKind, detectCrisis } from "./crisis.js";
export { DEFAULT_TIMEZONE, isOpenAt, localTime, openNowChecker } from "./hours.js";
export { buildSearchIndex, indexFor, SearchIndexBuilder } from "./index-builder.js";
export { rankIndex, rankServices } from "./rank.js";
export { nearestKm, trustFactor } from "./rank-factors.js";
export * from "./schemas.js";
export { FIELD_WEIGHTS, type SearchIndex } from "./search-index.js";
export { isGeneralHelpLine } from "./suggestions.js";
export type * from "./types.js";
export { CATEGORY_LABELS, CONCEPTS, type Concept, conceptById } from "./vocabulary.js";
export { isWebAddress } from "./web-address.js";
