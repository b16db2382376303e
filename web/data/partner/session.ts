// The partner's sign-in for /partner. The session itself is the server's httpOnly cookie, which
// script never sees. Writes must also echo the CSRF token the server returns at sign-in: it is kept
// for this tab only, or until sign-out with "keep me signed in" (../api/csrfStore.ts), and is never
// written to IndexedDB. Queued writes read it when sent.
// A refused sign-in is an ApiError: its status, Retry-After and field issues say why.
import { createSignal } from "solid-js";
import { kiosk } from "../../state/kiosk";
import { forgetOnResetInPlace } from "../../state/kioskHistory";
import { ApiError, apiData, apiRequest, isApiError } from "../api/client";
import { clearCsrf, readCsrf, storeCsrf } from "../api/csrfStore";
import { database } from "../device/db";
import { onOutboxEvent, replayOutbox, setSessionSource } from "../device/outbox";
import { forgetCopy, readCopy, startCopy, updateCopy } from "./deviceCopy";

export interface PartnerUser {
  id: string;
  email: string;
  name: string | null;
  role: "admin" | "partner";
  organizationId: string | null;
}

/**
 * undefined while checking; null when signed out, or when the server cannot be reached and this
 * device keeps no copy of a kept sign-in (deviceCopy.ts). Offline with such a copy, it is the account
 * the device last knew, and reachable() is false.
 */
const [user, setUser] = createSignal<PartnerUser | null | undefined>(undefined);
const [reachable, setReachable] = createSignal(true);
/** True once the server ended this tab's session (expired, password reset, signed out elsewhere). */
const [ended, setEnded] = createSignal(false);

export { ended, reachable, user };

/**
 * The edit form the server's end of the session took off the screen, kept for the account that was
 * typing in it until that account signs in again in this tab, and put back in the form then. Memory
 * only, never stored on the device: a reload, or signing in with any other account, drops it, and
 * so does a kiosk's reset (a fresh page, or forgetOnResetInPlace when it starts over in place).
 */
export interface HeldForm<Draft = unknown, Origin = unknown> {
  account: string;
  /** The service edited; null for a new one. */
  serviceId: string | null;
  draft: Draft;
  /** The version the form stood on. */
  origin: Origin;
  /** The save queued from the form, if any (writes.ts). */
  seq: number | null;
}
let held: HeldForm | null = null;
forgetOnResetInPlace(() => {
  held = null;
});

/** Keeps a form taken off the screen because the session ended (ended() is already true then). */
export function holdForm(form: HeldForm): void {
  held = form;
}

/** The form held for this account and service, given once. */
export function takeHeldForm<D, O>(account: string, serviceId: string | null): HeldForm<D, O> | null {
  if (!held || held.account !== account || held.serviceId !== serviceId) return null;
  const form = held as HeldForm<D, O>;
  held = null;
  return form;
}

setSessionSource(() => ({ csrf: readCsrf(), account: user()?.id ?? null }));

/** True when this tab holds a CSRF token, i.e. it can send changes for the signed-in account. */
export const canWrite = () => readCsrf() !== null;

/**
 * Sign-ins and sign-outs in this tab so far: a session check answered after one of them describes
 * the session before it (a 401 asked for just before signing in) and is not applied.
 */
let changes = 0;

export async function loadSession(): Promise<void> {
  const asked = changes;
  try {
    const me = await apiData<PartnerUser>("/api/v1/auth/me");
    if (asked !== changes) return;
    setReachable(true);
    setUser(me);
    void updateCopy(me.id, { user: me });
  } catch (error) {
    if (asked !== changes) return;
    // The server answered (401 signed out, or another refusal).
    if (error instanceof ApiError) {
      // A 401 to a tab opened on the device's copy: the kept session ended while offline.
      // ended() turns true before the account goes, so a form leaving the screen knows why (holdForm).
      if (error.status === 401 && user()) {
        clearCsrf();
        setEnded(true);
      }
      setReachable(true);
      setUser(null);
      if (error.status === 401) void forgetCopy();
      return;
    }
    // It could not be reached: a kept sign-in opens on what the device last knew. Its token is
    // still here (a kiosk reads none, and keeps no copy); the server judges the session when the
    // connection returns and the queued changes are sent.
    const copy = readCsrf() ? await readCopy() : null;
    if (asked !== changes) return;
    setReachable(false);
    setUser(copy?.user ?? null);
  }
}

/** `keep`: stay signed in after the browser closes (ignored on a kiosk). */
export async function signIn(email: string, password: string, keep = false): Promise<PartnerUser> {
  const kept = keep && !kiosk();
  const data = await apiData<{ user: PartnerUser; csrfToken?: string }>("/api/v1/auth/login", {
    method: "POST",
    body: { email, password, mode: "cookie", ...(kept ? { keep: true } : {}) },
    check: (body) => Boolean(body?.data?.user),
  });
  if (data.csrfToken) storeCsrf(data.csrfToken, kept);
  changes++;
  // What another account typed is never shown to this one.
  if (held?.account !== data.user.id) held = null;
  // Only a kept sign-in leaves a copy on the device; any other removes one (another account's).
  await (kept ? startCopy(data.user) : forgetCopy());
  setEnded(false);
  setReachable(true);
  setUser(data.user);
  // Changes queued while signed out can go now.
  void replayOutbox();
  return data.user;
}

/**
 * Ends the session, and only once the server says so (or says it had ended already). Offline or
 * refused it throws, and the tab keeps its account and token: a sign-in form shown over a session
 * still alive would tell someone on a shared computer they were signed out when they were not.
 */
export async function signOut(): Promise<void> {
  try {
    await apiRequest("/api/v1/auth/logout", {
      method: "POST",
      headers: { "x-csrf-token": readCsrf() ?? "" },
    });
  } catch (error) {
    if (!isApiError(error, 401)) throw error; // 401: the session had already ended
  }
  clearCsrf();
  await forgetCopy();
  changes++;
  held = null;
  setEnded(false);
  setUser(null);
}

/**
 * A request of this tab's session was answered 401 (a queued change sent, or the list of services).
 * The server is asked whether the session is still open; when it is not, the tab forgets its account
 * and token, so the page shows the sign-in in place. Queued changes stay in the outbox and are sent
 * once the same account signs in again.
 */
export async function checkSessionEnded(): Promise<void> {
  const asked = changes;
  if (!user()) return;
  try {
    await apiRequest("/api/v1/auth/me");
  } catch (error) {
    if (asked !== changes || !isApiError(error, 401)) return;
    clearCsrf();
    void forgetCopy();
    changes++;
    setEnded(true); // first: see loadSession
    setUser(null);
  }
}

// A queued change refused with 401 means the session may have ended under the page.
onOutboxEvent((event) => {
  if (event.type !== "waiting" || !user()) return;
  void database()
    .outbox.get(event.seq)
    .then((row) => {
      if (row?.csrf && row.lastError?.startsWith("401")) return checkSessionEnded();
    })
    .catch(() => undefined);
});
