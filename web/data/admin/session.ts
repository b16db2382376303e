// The operator's session for /admin/observability: cookie sign-in (the cookie is httpOnly, so
// script never sees it) plus the CSRF token the server returns, which writes must echo. The token
// lives for this tab only (sessionStorage); nothing of the session reaches IndexedDB or a cache.
// A refusal is the API client's ApiError, whose message is the server's.
import { apiData, apiRequest, isApiError } from "../api/client";
import { clearCsrf, readCsrf, storeCsrf } from "../api/csrfStore";

export interface AdminUser {
  id: string;
  email: string;
  name: string | null;
  role: "admin" | "partner";
}

/** The header a write needs: the CSRF token of this tab's sign-in (empty when signed in elsewhere). */
export function csrfHeader(): Record<string, string> {
  return { "x-csrf-token": readCsrf() ?? "" };
}

export async function currentUser(): Promise<AdminUser | null> {
  try {
    return await apiData<AdminUser>("/api/v1/auth/me");
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export async function signIn(email: string, password: string): Promise<AdminUser> {
  const data = await apiData<{ user: AdminUser; csrfToken?: string }>("/api/v1/auth/login", {
    method: "POST",
    body: { email, password, mode: "cookie" },
  });
  if (data.csrfToken) storeCsrf(data.csrfToken, false);
  return data.user;
}

/**
 * Ends the session on the server, then forgets this tab's CSRF token. A sign-out the server did
 * not take (no connection, a fault) throws and keeps the token: the session is still alive, and
 * the tab must still be able to use it or sign out again.
 */
export async function signOut(): Promise<void> {
  try {
    await apiRequest("/api/v1/auth/logout", { method: "POST", headers: csrfHeader() });
  } catch (error) {
    if (!isApiError(error, 401)) throw error; // 401: the session had already ended
  }
  clearCsrf();
}
