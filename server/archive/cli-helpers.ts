/** Shared plumbing of the archive CLI commands: failures print one line and set a non-zero exit code. */
import { ApiError } from "../core/errors.js";
import type { ModuleContext } from "../core/module.js";

export type GetContext = () => Promise<ModuleContext>;

export function fail(err: unknown): never {
  const msg = err instanceof ApiError ? `${err.type}: ${err.message}` : String((err as Error).message ?? err);
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
