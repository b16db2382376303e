// What this device keeps of a partner's kept sign-in ("keep me signed in", never on a kiosk), so the
// dashboard and editor open offline after a reload: who is signed in and the organization's services
// as last loaded, with when (db.ts, partnerCopy). No token and no session id: the session stays the
// server's cookie, and the CSRF token stays where csrfStore.ts keeps it. Every step is best effort:
// a device that cannot store (a private window) simply has no copy.
import { kiosk } from "../../state/kiosk";
import { database, type PartnerCopyRecord } from "../device/db";

export type { PartnerCopyRecord };

const KEY = "partner";

/** The copy, unless this device is a kiosk (which keeps nothing: one found there is deleted). */
export async function readCopy(): Promise<PartnerCopyRecord | null> {
  try {
    if (kiosk()) {
      await forgetCopy();
      return null;
    }
    return (await database().partnerCopy.get(KEY)) ?? null;
  } catch {
    return null;
  }
}

/** Starts the copy of a kept sign-in (replacing any other account's). */
export async function startCopy(user: PartnerCopyRecord["user"]): Promise<void> {
  if (kiosk()) return;
  try {
    await database().partnerCopy.put({ key: KEY, user, services: null, savedAt: null });
  } catch {
    // nothing kept: the dashboard needs a connection after a reload
  }
}

/**
 * Updates the copy of the signed-in account, if this device keeps one (a kept sign-in): its account
 * details, and the services with when the server gave them (savedAt absent: one record changed in
 * the list, which keeps its date).
 */
export async function updateCopy(
  userId: string,
  change: Partial<Pick<PartnerCopyRecord, "user" | "services" | "savedAt">>,
): Promise<void> {
  try {
    const db = database();
    await db.transaction("rw", db.partnerCopy, async () => {
      const copy = await db.partnerCopy.get(KEY);
      if (copy && copy.user.id === userId) await db.partnerCopy.put({ ...copy, ...change });
    });
  } catch {
    // the copy stays as it was
  }
}

export async function forgetCopy(): Promise<void> {
  try {
    await database().partnerCopy.delete(KEY);
  } catch {
    // nothing kept
  }
}
