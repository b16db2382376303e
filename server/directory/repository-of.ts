/**
 * The module's one repository per database (its sql.js store or its PostgreSQL pool), made on
 * first use and shared by routes, tasks and the CLI.
 */
import { type DatabaseHolder, databaseKey, databaseOf } from "../core/database.js";
import type { DirectoryRepository } from "./repository.js";
import { createPgDirectoryRepository } from "./repository-pg/index.js";
import { createSqljsDirectoryRepository } from "./repository-sqljs/index.js";

const repositories = new WeakMap<object, DirectoryRepository>();

export function directoryRepository(ctx: DatabaseHolder): DirectoryRepository {
  const db = databaseOf(ctx);
  const key = databaseKey(db);
  let repo = repositories.get(key);
  if (!repo) {
    repo = db.kind === "pg" ? createPgDirectoryRepository(db.pool) : createSqljsDirectoryRepository(db.store);
    repositories.set(key, repo);
  }
  return repo;
}
