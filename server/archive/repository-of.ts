/**
 * The module's one repository per database (its sql.js store or its PostgreSQL pool), made on
 * first use and shared by routes, tasks, the CLI and the domain code. The module passes the WARC
 * root its configuration names (`ARCHIVE_WARC_DIR`); without one it is `<folder of the store>/archive`,
 * where crawls have always written.
 */
import path from "node:path";
import type { ModuleContext } from "../core/module.js";
import type { Store } from "../db/types.js";
import { defaultWarcRoot } from "./jobs/warc-paths.js";
import type { ArchiveRepository } from "./repository.js";
import { createPgArchiveRepository } from "./repository-pg/index.js";
import { createSqljsArchiveRepository } from "./repository-sqljs/index.js";
import { archiveSettings } from "./settings.js";

const repositories = new WeakMap<object, ArchiveRepository>();

export function archiveRepository(store: Store, warcRoot?: string): ArchiveRepository {
  let repo = repositories.get(store);
  const root = warcRoot ? path.resolve(warcRoot) : undefined;
  if (!repo || (root && repo.warcRoot !== root)) {
    repo = createSqljsArchiveRepository(
      store,
      root ?? defaultWarcRoot(path.dirname(path.resolve(store.file))),
    );
    repositories.set(store, repo);
  }
  return repo;
}

/** The module's repository, with the WARC root its configuration names. */
export function repositoryOf(ctx: Pick<ModuleContext, "database" | "config">): ArchiveRepository {
  const db = ctx.database;
  const root = archiveSettings(ctx.config).warcRoot;
  if (db.kind === "sqljs") return archiveRepository(db.store, root);
  let repo = repositories.get(db.pool);
  if (!repo || repo.warcRoot !== root) {
    repo = createPgArchiveRepository(db.pool, root);
    repositories.set(db.pool, repo);
  }
  return repo;
}

/** Domain functions accept the store (as tests and older callers pass it) or the repository. */
export type StoreOrRepository = Store | ArchiveRepository;

export function asArchiveRepository(db: StoreOrRepository): ArchiveRepository {
  return "warcRoot" in db ? db : archiveRepository(db);
}
