/**
 * The demo source's description is shown to the public on the archive page: databases created
 * before this version described it in developer terms, so it is reworded in place.
 */
import type { Migration, Tx } from "../../db/types.js";
import { DEMO_SOURCE_DESCRIPTION } from "../crawl/sources-store.js";

const EARLIER = "Bundled demonstration site, served on a loopback port and crawled on first start.";

export const demoSourceWordingMigration: Migration = {
  version: 4,
  name: "demo source described for the public",
  up(tx: Tx) {
    tx.run("UPDATE sources SET description = ? WHERE code = 'demo' AND description = ?", [
      DEMO_SOURCE_DESCRIPTION,
      EARLIER,
    ]);
  },
  down(tx: Tx) {
    tx.run("UPDATE sources SET description = ? WHERE code = 'demo' AND description = ?", [
      EARLIER,
      DEMO_SOURCE_DESCRIPTION,
    ]);
  },
};
