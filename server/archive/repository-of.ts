/**
 * The module's one repository per store, made on first use and shared by routes, tasks, the CLI
 * and the domain code. The module passes the WARC root its configuration names
 * (`ARCHIVE_WARC_DIR`); without one it is `<folder of the store>/archive`, where crawls have
 * always written.
 */
import path from "node:path";
import type { ModuleContext } from "../core/module.js";
import type { Store } from "../db/types.js";
import type { ArchiveRepository } from "./repository.js";
import { createSqljsArchiveRepository } from "./repository-sqljs/index.js";
import { archiveSettings } from "./settings.js";
import { defaultWarcRoot } from "./warc-paths.js";

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
  if (db.kind !== "sqljs")
    throw new Error("the archive's PostgreSQL repository is not wired yet; run the archive on sql.js");
  return archiveRepository(db.store, archiveSettings(ctx.config).warcRoot);
}

/** Domain functions accept the store (as tests and older callers pass it) or the repository. */
export type StoreOrRepository = Store | ArchiveRepository;

export function asArchiveRepository(db: StoreOrRepository): ArchiveRepository {
  return "warcRoot" in db ? db : archiveRepository(db);
}
