// Starting over between visitors: sign out any account, remove every trace of the visit, return to
// the kiosk's language, and load the start page with the visit gone from the history.
import { setLangForNextPage } from "../i18n/i18n";
import { activateWaitingUpdate } from "../pwa/registerServiceWorker";
import { KIOSK_KEPT_KEYS, kiosk, kioskSettings } from "./kiosk";
import { forgetOnResetInPlace, startOverInFreshDocument } from "./kioskHistory";

/**
 * How long the reset waits for the server to say whether an account is signed in, and to sign it
 * out: a server that takes the request and never answers must not keep the visit on screen. Past
 * it the server counts as unreachable, and the account is signed out when it answers again.
 */
export const SIGN_OUT_WAIT_MS = 5_000;
/** Past this, whatever step is still waiting, the tab loads a fresh start page anyway. */
export const RESET_DEADLINE_MS = 15_000;

let running: Promise<void> | undefined;
// A reset done in place (no page could be loaded) leaves this document ready for the next one.
forgetOnResetInPlace(() => {
  running = undefined;
});

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/**
 * A visit may have opened the app in several tabs (a middle click, a link opened in a new tab): a
 * reset started in one tab starts over in every other tab of the app as well.
 */
const otherTabs =
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("chc.kiosk.startOver");
otherTabs?.addEventListener("message", () => {
  if (kiosk()) void startOver({ toldByAnotherTab: true });
});

export function startOver({ toldByAnotherTab = false } = {}): Promise<void> {
  if (!running && !toldByAnotherTab) otherTabs?.postMessage("start over");
  running ??= Promise.race([run(), after(RESET_DEADLINE_MS, "late" as const)]).then((outcome) => {
    if (outcome === "late") loadFreshStartPage(new Error("the kiosk reset did not finish in time"));
  }, loadFreshStartPage);
  return running;
}

/** Whatever went wrong, the next person must not get this page: load a fresh one at least. */
function loadFreshStartPage(error: unknown): void {
  console.error(error);
  running = undefined;
  location.replace("/");
}

async function run(): Promise<void> {
  const language = kioskSettings().language;
  const [{ endAnySession }, { clearVisitTraces }] = await Promise.all([
    import("../data/partner/kioskSignOut"),
    import("../data/device/kioskTraces"),
  ]);
  const session = await Promise.race([
    endAnySession().catch(() => "unreachable" as const),
    after(SIGN_OUT_WAIT_MS, "unreachable" as const),
  ]);
  await clearVisitTraces({
    keptLocalKeys: KIOSK_KEPT_KEYS,
    keepSessionStorage: session === "unreachable",
  }).catch((error: unknown) => console.error(error)); // the rest of the reset still happens
  // Stored for the fresh start page, not applied here: this page would fetch its content again.
  setLangForNextPage(language);
  // A new version waiting since the visit began is the one the next visitor gets.
  await activateWaitingUpdate();
  await startOverInFreshDocument();
}
