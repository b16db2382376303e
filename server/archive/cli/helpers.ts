/** Shared plumbing of the archive CLI commands: failures print one line and set a non-zero exit code. */
import { loadConfig } from "../../core/config.js";
import { apiErrorOf } from "../../core/errors.js";
import type { ModuleContext } from "../../core/module.js";
import { createStore } from "../../db/store.js";
import type { ArchiveRepository } from "../repository.js";
import { archiveRepository } from "../repository-of.js";
import { archiveSettings } from "../settings.js";

export type GetContext = () => Promise<ModuleContext>;

export function fail(err: unknown): never {
  const known = apiErrorOf(err);
  const msg = known ? `${known.type}: ${known.message}` : String((err as Error).message ?? err);
  process.stderr.write(`${msg}\n`);
  process.exitCode = 1;
  throw new CliFailure(msg);
}
class CliFailure extends Error {}

export const action =
  <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
  async (...args: A) => {
    try {
      await fn(...args);
    } catch (err) {
      if (!(err instanceof CliFailure)) {
        try {
          fail(err);
        } catch {
          // exit code already set
        }
      }
    }
  };

export const jobId = (raw: string) => {
  if (!/^[1-9]\d*$/.test(raw)) fail(new Error(`job id must be a positive integer; got "${raw}"`));
  return Number(raw);
};

/** Opens the archive read-only (no lock, a consistent snapshot) for `fn`: works beside a running server. */
export async function withReadOnlyArchive<T>(
  fn: (repo: ArchiveRepository, dataDir: string) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const store = await createStore({ dataDir: config.DATA_DIR, name: "archive", readOnly: true });
  try {
    return await fn(archiveRepository(store, archiveSettings(config).warcRoot), config.DATA_DIR);
  } finally {
    await store.close();
  }
}
