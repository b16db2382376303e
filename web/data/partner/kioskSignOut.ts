// Ends whatever account this browser is signed in with (partner or operator: one session, one
// sign-out), through the app's own sign-out, so a kiosk never hands the next person an account.
import { loadSession, reachable, signOut, user } from "./session";

/**
 * "signed-out": no account is signed in any more (or none was).
 * "unreachable": the server could not be asked; the tab keeps what it needs to sign out later.
 * "refused": the server kept the session (this tab does not hold the session's CSRF token).
 */
export type SessionEnd = "signed-out" | "unreachable" | "refused";

export async function endAnySession(): Promise<SessionEnd> {
  await loadSession();
  if (!reachable()) return "unreachable";
  if (!user()) return "signed-out";
  // A failed sign-out keeps the tab's token, so the account can be signed out once the server answers.
  await signOut().catch(() => undefined);
  await loadSession();
  if (!reachable()) return "unreachable";
  return user() ? "refused" : "signed-out";
}
