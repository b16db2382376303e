/** The module's one repository per store, made on first use and shared by routes, tasks and the CLI. */
import type { ModuleContext } from "../core/module.js";
import type { WaittimesRepository } from "./repository.js";
import { createSqljsWaittimesRepository } from "./repository-sqljs/index.js";

const repositories = new WeakMap<object, WaittimesRepository>();

export function waittimesRepository(ctx: Pick<ModuleContext, "store">): WaittimesRepository {
  let repo = repositories.get(ctx.store);
  if (!repo) {
    repo = createSqljsWaittimesRepository(ctx.store);
    repositories.set(ctx.store, repo);
  }
  return repo;
}
