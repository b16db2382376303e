// The partner's sign-in for /partner. The session itself is the server's httpOnly cookie, which
// script never sees. Writes must also echo the CSRF token the server returns at sign-in: it is kept
// for this tab only (sessionStorage, under the key the operator pages use too, since both share the
// one cookie) and is never written to IndexedDB or localStorage. Queued writes read it when sent.
import { createSignal } from "solid-js";
import { replayOutbox, setCsrfSource } from "./outbox";

const CSRF_KEY = "chc.csrf";

export interface PartnerUser {
  id: string;
  email: string;
  name: string | null;
  role: "admin" | "partner";
  organizationId: string | null;
}

/** undefined while checking; null when signed out (or the server cannot be reached). */
const [user, setUser] = createSignal<PartnerUser | null | undefined>(undefined);
const [reachable, setReachable] = createSignal(true);

export { reachable, user };

function readCsrf(): string | null {
  try {
    return sessionStorage.getItem(CSRF_KEY);
  } catch {
    return null;
  }
}
setCsrfSource(readCsrf);

/** True when this tab holds a CSRF token, i.e. it can send changes for the signed-in account. */
export const canWrite = () => readCsrf() !== null;

export class SignInFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds to wait (429). */
    readonly retryAfter: number | null,
    /** Server-side validation messages by field name ("email", "password"). */
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

export async function loadSession(): Promise<void> {
  try {
    const res = await fetch("/api/v1/auth/me", { headers: { accept: "application/json" } });
    setReachable(true);
    if (!res.ok) {
      setUser(null);
      return;
    }
    setUser(((await res.json()) as { data: PartnerUser }).data);
  } catch {
    setReachable(false);
    setUser(null);
  }
}

export async function signIn(email: string, password: string): Promise<PartnerUser> {
  const res = await fetch("/api/v1/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email, password, mode: "cookie" }),
  });
  const body = (await res.json().catch(() => null)) as {
    data?: { user: PartnerUser; csrfToken?: string };
    message?: string;
    details?: { issues?: Array<{ path: string; message: string }> };
  } | null;
  if (!res.ok || !body?.data) {
    const fields: Record<string, string> = {};
    for (const issue of body?.details?.issues ?? []) fields[issue.path] ??= issue.message;
    const retry = Number(res.headers.get("retry-after"));
    throw new SignInFailure(
      res.status,
      body?.message ?? `HTTP ${res.status}`,
      Number.isFinite(retry) && retry > 0 ? retry : null,
      fields,
    );
  }
  if (body.data.csrfToken) sessionStorage.setItem(CSRF_KEY, body.data.csrfToken);
  setUser(body.data.user);
  // Changes queued while signed out can go now.
  void replayOutbox();
  return body.data.user;
}

export async function signOut(): Promise<void> {
  const token = readCsrf();
  sessionStorage.removeItem(CSRF_KEY);
  setUser(null);
  await fetch("/api/v1/auth/logout", {
    method: "POST",
    headers: { accept: "application/json", "x-csrf-token": token ?? "" },
  }).catch(() => undefined);
}
