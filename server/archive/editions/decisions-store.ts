/** Operator decisions on shards are written and read through the repository; their row type is here for older importers. */
export type { DecisionRow } from "../repository.js";
