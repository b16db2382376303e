/**
 * The module's one repository per database (its sql.js store or its PostgreSQL pool), made on
 * first use and shared by routes, tasks and the CLI.
 */
import { type DatabaseHolder, databaseKey, databaseOf } from "../core/database.js";
import type { WaittimesRepository } from "./repository.js";
import { createPgWaittimesRepository } from "./repository-pg/index.js";
import { createSqljsWaittimesRepository } from "./repository-sqljs/index.js";

const repositories = new WeakMap<object, WaittimesRepository>();

export function waittimesRepository(ctx: DatabaseHolder): WaittimesRepository {
  const db = databaseOf(ctx);
  const key = databaseKey(db);
  let repo = repositories.get(key);
  if (!repo) {
    repo = db.kind === "pg" ? createPgWaittimesRepository(db.pool) : createSqljsWaittimesRepository(db.store);
    repositories.set(key, repo);
  }
  return repo;
}
