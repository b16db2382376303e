/** The packed index's reads of FTS4's shadow tables live with the sql.js backend; tests and benchmarks read them from here. */
export {
  leafBlocks,
  listSegments,
  maxSnapshotId,
  readDocMetas,
  readDocSizes,
} from "../repository-sqljs/index-feed.js";
