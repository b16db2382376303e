/** The figures a search worker reports about its index and its own memory. */
import type { PackedIndex } from "../packed/packed-index.js";
import type { IndexStats } from "./protocol.js";

export function indexStats(ix: PackedIndex): IndexStats {
  // A worker's heap and array buffer figures are its own thread's, not the process's.
  const m = process.memoryUsage();
  return {
    documents: ix.docs.count,
    terms: ix.terms.size,
    bytes: ix.bytes(),
    heapUsed: m.heapUsed,
    external: m.external,
    maxId: ix.docs.maxId,
    usable: ix.docs.usable,
  };
}
