// The operator's session for /admin/observability: cookie sign-in (the cookie is httpOnly, so
// script never sees it) plus the CSRF token the server returns, which writes must echo. The token
// lives for this tab only (sessionStorage); nothing of the session reaches IndexedDB or a cache.
const CSRF_KEY = "chc.csrf";

export interface AdminUser {
  id: string;
  email: string;
  name: string | null;
  role: "admin" | "partner";
}

export class SignInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Headers for a write: the CSRF token of this tab's sign-in (empty when signed in elsewhere). */
export function writeHeaders(): Record<string, string> {
  return {
    "content-type": "application/json",
    accept: "application/json",
    "x-csrf-token": sessionStorage.getItem(CSRF_KEY) ?? "",
  };
}

export async function messageOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? `HTTP ${res.status}`;
}

export async function currentUser(): Promise<AdminUser | null> {
  const res = await fetch("/api/v1/auth/me", { headers: { accept: "application/json" } });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(await messageOf(res));
  return ((await res.json()) as { data: AdminUser }).data;
}

export async function signIn(email: string, password: string): Promise<AdminUser> {
  const res = await fetch("/api/v1/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email, password, mode: "cookie" }),
  });
  if (!res.ok) throw new SignInError(res.status, await messageOf(res));
  const { data } = (await res.json()) as { data: { user: AdminUser; csrfToken?: string } };
  if (data.csrfToken) sessionStorage.setItem(CSRF_KEY, data.csrfToken);
  return data.user;
}

export async function signOut(): Promise<void> {
  const res = await fetch("/api/v1/auth/logout", {
    method: "POST",
    headers: { accept: "application/json", "x-csrf-token": sessionStorage.getItem(CSRF_KEY) ?? "" },
  });
  sessionStorage.removeItem(CSRF_KEY);
  if (!res.ok && res.status !== 401) throw new Error(await messageOf(res));
}
