/**
 * Sign-in failure limits on sql.js: one process serves, so they stay in its memory (a restart
 * forgives), one FailureWindow per window length.
 */
import { FailureWindow } from "../../core/failure-window.js";
import type { SignInLimitsRepository } from "../repository.js";

export function memorySignInLimits(): SignInLimitsRepository {
  const windows = new Map<number, FailureWindow>();
  const windowOf = (ms: number) => {
    let window = windows.get(ms);
    if (!window) {
      window = new FailureWindow(ms);
      windows.set(ms, window);
    }
    return window;
  };
  return {
    async reserveSignIn(limits, windowMs) {
      return windowOf(windowMs).reserve(limits);
    },
    async forgiveSignIn(attempt) {
      for (const window of windows.values()) window.forgive(attempt);
    },
    async clearSignIns(key) {
      for (const window of windows.values()) window.clear(key);
    },
  };
}
