import type { PgMigration } from "../../../db/pg/migrations.js";
import { pgHsdsCore } from "./001-hsds-core.js";
import { pgAccountsAudit } from "./002-accounts-audit.js";
import { pgIncidents } from "./003-incidents.js";
import { pgChangeSeq, pgMergedIds } from "./004-merges-changes.js";
import { pgSharedLimits } from "./006-shared-limits.js";
import { pgIncidentFlow } from "./007-incident-flow.js";
import { pgInvitations } from "./008-invitations.js";

/**
 * The same revisions as the module lists (../../index.ts), numbered alike, in PostgreSQL's dialect;
 * then what only several processes need (6), then the incident flow (7) and invitations (8), as sql.js's.
 */
export const directoryPgMigrations: PgMigration[] = [
  pgHsdsCore,
  pgAccountsAudit,
  pgIncidents,
  pgMergedIds,
  pgChangeSeq,
  pgSharedLimits,
  pgIncidentFlow,
  pgInvitations,
];
