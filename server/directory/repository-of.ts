/** The module's one repository per store, made on first use and shared by routes, tasks and the CLI. */
import type { ModuleContext } from "../core/module.js";
import type { DirectoryRepository } from "./repository.js";
import { createSqljsDirectoryRepository } from "./repository-sqljs/index.js";

const repositories = new WeakMap<object, DirectoryRepository>();

export function directoryRepository(ctx: Pick<ModuleContext, "store">): DirectoryRepository {
  let repo = repositories.get(ctx.store);
  if (!repo) {
    repo = createSqljsDirectoryRepository(ctx.store);
    repositories.set(ctx.store, repo);
  }
  return repo;
}
