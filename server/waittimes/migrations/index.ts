import type { Migration } from "../../db/types.js";
import { schemaMigration } from "./001-schema.js";
import { registryMigration } from "./002-registry.js";
import { referenceRefreshMigration } from "./003-reference-refresh.js";
import { calendarDaysMigration } from "./004-calendar-days.js";
import { methodologyChangesMigration } from "./005-methodology-changes.js";

export const waittimesMigrations: Migration[] = [
  schemaMigration,
  registryMigration,
  referenceRefreshMigration,
  calendarDaysMigration,
  methodologyChangesMigration,
];
