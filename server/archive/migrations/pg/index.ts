import type { PgMigration } from "../../../db/pg/migrations.js";
import { pgArchiveSchema } from "./001-schema.js";
import { pgBuiltInSources, pgDemoSourceWording, pgSourceFrench } from "./002-sources.js";
import { pgSearchChangesUsage } from "./003-search-changes-usage.js";
import { pgEditionShards } from "./006-edition-shards.js";
import { pgRelativeWarcPaths, pgSharedClaims } from "./007-claims-and-paths.js";
import { pgRankLead } from "./009-rank-lead.js";
import { pgSearchPages } from "./010-search-pages.js";
import { pgPageWords } from "./011-page-words.js";
import { pgEditionStatus } from "./012-edition-status.js";
import { pgMaintenanceWindows } from "./013-maintenance-windows.js";
import { pgSearchAutovacuum } from "./014-search-autovacuum.js";
import { pgChangeSignificance } from "./015-change-significance.js";
import { pgRankVectors } from "./016-rank-vectors.js";
import { pgEntryFunctions } from "./017-entry-functions.js";
import { pgTitleWords } from "./018-title-words.js";
import { pgCaptureRedirects } from "./019-capture-redirects.js";

/** The same revisions as the module lists (../../index.ts), numbered alike, in PostgreSQL's dialect. */
export const archivePgMigrations: PgMigration[] = [
  pgArchiveSchema,
  pgBuiltInSources,
  pgSearchChangesUsage,
  pgDemoSourceWording,
  pgSourceFrench,
  pgEditionShards,
  pgSharedClaims,
  pgRelativeWarcPaths,
  pgRankLead,
  pgSearchPages,
  pgPageWords,
  pgEditionStatus,
  pgMaintenanceWindows,
  pgSearchAutovacuum,
  pgChangeSignificance,
  pgRankVectors,
  pgEntryFunctions,
  pgTitleWords,
  pgCaptureRedirects,
];
