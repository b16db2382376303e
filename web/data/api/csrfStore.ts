// Where this browser keeps the CSRF token of its sign-in (partner and operator pages share the one
// session cookie, so they share the token). Normally sessionStorage: gone with the tab. With "keep me
// signed in" (a personal device, never a kiosk) it goes to localStorage so it outlives a browser
// restart, as the session cookie then does; a kiosk never reads a kept token, and its reset clears it.

/**
 * Kiosk mode as web/state/kiosk.ts keeps it. Read here rather than imported: that module starts the
 * kiosk's timers and language at import, and this one is reached by data modules tested under Node.
 */
function kiosk(): boolean {
  try {
    return localStorage.getItem("chc.kiosk") === "1";
  } catch {
    return false;
  }
}

const CSRF_KEY = "chc.csrf";

export function readCsrf(): string | null {
  try {
    return sessionStorage.getItem(CSRF_KEY) ?? (kiosk() ? null : localStorage.getItem(CSRF_KEY));
  } catch {
    return null;
  }
}

export function storeCsrf(token: string, keep: boolean): void {
  clearCsrf();
  try {
    if (keep && !kiosk()) localStorage.setItem(CSRF_KEY, token);
    else sessionStorage.setItem(CSRF_KEY, token);
  } catch {
    // storage blocked: reads work, changes need a sign-in in a browser that allows storage
  }
}

export function clearCsrf(): void {
  try {
    sessionStorage.removeItem(CSRF_KEY);
    localStorage.removeItem(CSRF_KEY);
  } catch {
    // nothing stored
  }
}
